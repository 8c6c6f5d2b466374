import type { ContractHandlers } from '../../shared/ipc-contract';
import { PLATFORM_ROOM_BASE } from '../../shared/platforms';
import { liveRoomUrl } from '../core/links';
import type { Logger } from '../core/ports';
import type { NotificationAction } from '../../shared/model';
import type { ShellLike } from '../core/shell-actions';
import type { TrayActionHandlers } from './tray-controller';

/** What the tray's menu items reach: the runtime's handlers and guarded actions, and the shell. */
export interface TrayActionDeps {
  handlers: Pick<
    ContractHandlers,
    'notifications:pause' | 'notifications:quietUntil' | 'link:open' | 'room:command'
  >;
  /** The app's guarded action runner (the same runner a popup click goes through). */
  runAction: (action: NotificationAction) => Promise<boolean>;
  /** Only for the logs folder, a path the app chose itself. */
  shell: Pick<ShellLike, 'openPath'>;
  logsDir: string;
  showWindow: () => void;
  quit: () => Promise<void>;
  /** Restarts into a downloaded update (offered only while one waits). */
  installUpdate?: () => Promise<void>;
  log: Logger;
}

/**
 * The tray's actions, each routed to what the window uses (the contract's handlers, or
 * ShellActions): a URL never goes to the shell without the core's check.
 */
export function createTrayActions(deps: TrayActionDeps): TrayActionHandlers {
  const { handlers, log } = deps;
  const openLink = async (kind: 'recorderUi' | 'recorderApi') => {
    const result = await handlers['link:open']({ kind });
    if (!result.ok) log.warn(`tray: ${kind}: ${result.message ?? 'refused'}`);
  };
  return {
    openWindow: () => deps.showWindow(),
    openLiveRoom: async ({ roomId }) => {
      // Another platform's room: its page is built from its state (its platform's fixed host).
      if (Number.isSafeInteger(roomId) && roomId >= PLATFORM_ROOM_BASE) {
        const result = await handlers['link:open']({ kind: 'liveRoom', roomId });
        if (!result.ok) log.warn(`tray: room ${roomId}: ${result.message ?? 'refused'}`);
        return;
      }
      const url = liveRoomUrl(roomId);
      if (url === null) log.warn(`tray: no live room URL for room ${roomId}`);
      else await deps.runAction({ kind: 'openUrl', url });
    },
    recordRoom: async ({ roomId, recorderId }) => {
      const result = await handlers['room:command']({
        roomId,
        command: 'start',
        ...(recorderId !== undefined ? { recorderId } : {}),
      });
      if (!result.ok) log.warn(`tray: record room ${roomId}: ${result.message ?? 'refused'}`);
    },
    pause: async ({ until }) => {
      await handlers['notifications:pause']({ until });
    },
    resume: async () => {
      await handlers['notifications:pause']({ until: 'resume' });
    },
    quiet: async ({ until }) => {
      await handlers['notifications:quietUntil']({ until });
    },
    openRecorderUi: () => openLink('recorderUi'),
    openRecorderApi: () => openLink('recorderApi'),
    openLogsFolder: async () => {
      const error = await deps.shell.openPath(deps.logsDir);
      if (error !== '') log.error(`tray: could not open the logs folder ${deps.logsDir}: ${error}`);
    },
    installUpdate: async () => {
      if (deps.installUpdate === undefined) log.warn('tray: no update to install');
      else await deps.installUpdate();
    },
    quit: () => deps.quit(),
  };
}
