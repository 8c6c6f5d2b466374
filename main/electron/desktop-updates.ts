import type { AppNotification } from '../../shared/model';
import { UPDATE_TEXT } from '../../shared/i18n/update-text';
import type { Language } from '../../shared/settings';
import { readToldVersion, saveToldVersion } from '../adapters/update-told-file';
import type { RunningApp } from '../app/app-ports';
import type { Logger } from '../core/ports';
import { AppUpdates, type ReadyUpdate, type UpdaterHandle } from './app-updater';
import type { UpdateState } from './update-state';

/**
 * The popup saying an update is downloaded: once per version. It has no notification kind of its
 * own (the desktop notifier does not read `event`; it never reaches the history or push targets);
 * a click opens the window, whose About shows the release notes.
 */
export function updatePopup(update: ReadyUpdate, language: Language, at: number): AppNotification {
  const text = UPDATE_TEXT[language];
  return {
    id: `update-${update.version}`,
    event: 'SessionReport',
    roomIds: [],
    title: text.popupTitle(update.version),
    body: text.popupBody,
    action: { kind: 'openWindow' },
    createdAt: at,
    tag: 'update',
  };
}

/** What the desktop app's updates are wired to. */
export interface DesktopUpdatesDeps {
  /** electron-updater's `autoUpdater` (absent: this build has no updater). */
  updater: (() => UpdaterHandle) | undefined;
  isPackaged: boolean;
  version: string;
  dataDir: string;
  app: Pick<RunningApp, 'settings' | 'state' | 'subscribe'>;
  state: UpdateState;
  showPopup: (notification: AppNotification) => void;
  log: Logger;
  /** For tests: between checks. */
  everyMs?: number;
}

/**
 * Builds the updates of a packaged app (a development run has no feed: electron-updater itself
 * refuses unpackaged apps), told in the state (tray item, About) and, once per version, by popup.
 */
export async function desktopUpdates(deps: DesktopUpdatesDeps): Promise<AppUpdates | undefined> {
  const { log } = deps;
  if (deps.updater === undefined || !deps.isPackaged) {
    log.info('updates: not checked (a development run)');
    return undefined;
  }
  const warn = (message: string) => log.warn(message);
  const updates = new AppUpdates({
    updater: deps.updater,
    settings: () => deps.app.settings().updates,
    currentVersion: deps.version,
    told: await readToldVersion(deps.dataDir, warn),
    saveTold: (version) => void saveToldVersion(deps.dataDir, version, warn),
    onReady: (update, announce) => {
      deps.state.set(update);
      if (announce) deps.showPopup(updatePopup(update, deps.app.state().language, Date.now()));
    },
    log,
    ...(deps.everyMs !== undefined ? { everyMs: deps.everyMs } : {}),
  });
  // Settings changes reach the state; the updates look whether theirs changed.
  deps.app.subscribe((message) => {
    if (message.event === 'state:changed') updates.settingsMaybeChanged();
  });
  return updates;
}
