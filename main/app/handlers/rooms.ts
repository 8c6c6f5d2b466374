import type { AppState } from '../../../shared/app-state';
import type { HistoryNotification } from '../../../shared/history';
import {
  roomOutcomeText,
  unknownRecorderText,
  whichRecorderText,
  type RoomOutcome,
} from '../../../shared/i18n/room-commands';
import {
  firstRecorder,
  hasRecorderApi,
  recorderById,
  recorderLabel,
} from '../../../shared/recorders';
import type { CallResult, ContractHandlers } from '../../../shared/ipc-contract';
import type { PopupButton } from '../../../shared/popup-button';
import type { RecorderSetting } from '../../../shared/settings';
import {
  failureMessage,
  type RecorderClient,
  type RecorderFailure,
} from '../../adapters/recorder-client';
import {
  RecorderCommands,
  type CommandResult,
  type RoomCommand,
  type RoomRefusal,
} from '../../adapters/recorder-commands';
import { CommandRateLimit } from '../../core/command-rate-limit';
import { otherKindCommand } from '../../features/recorder-kinds/app/kind-room-command';
import { roomPageUrlIn } from '../../core/links';
import { PLATFORM_ROOM_BASE } from '../../../shared/platforms';
import { POPUP_MUTE_MS, withRoomMuted } from '../../core/pause';
import type { ShellActions } from '../../core/shell-actions';
import { setRoomTier, type AttentionDeps } from './attention';

/** What the room handlers work on (the app object's HandlerDeps fits). */
export interface RoomHandlerDeps extends AttentionDeps {
  history: {
    queries: { notificationById(id: string): HistoryNotification | undefined };
    markRead(id: string): Promise<boolean>;
  };
  shellActions: Pick<ShellActions, 'openUrl' | 'openFile' | 'showFile' | 'runAction'>;
  /** The rooms of every recorder (which recorders have a room). */
  state: () => Pick<AppState, 'rooms'>;
  /** A client of one recorder's API; undefined when it has none (webhooks only) or is gone. */
  client: (recorderId: string) => RecorderClient | undefined;
  /** Polls the recorder now, so the window and tray show a command's effect within a second. */
  pollNow: () => void;
}

type RoomChannels =
  'room:command' | 'room:add' | 'room:remove' | 'room:setAutoRecord' | 'notification:act';

const COMMAND_DONE: Record<RoomCommand, RoomOutcome> = {
  start: 'started',
  stop: 'stopped',
  split: 'split',
  refresh: 'refreshed',
};

/**
 * The recorder's rooms under control start / stop / split / refresh, add, remove,
 * auto-record, and the buttons of notifications. At most one command per room per second; after
 * every answer from the recorder the app polls at once. Every outcome comes back in plain words.
 */
export function roomHandlers(deps: RoomHandlerDeps): Pick<ContractHandlers, RoomChannels> {
  const limit = new CommandRateLimit(deps.clock);
  const say = (ok: boolean, outcome: RoomOutcome, roomId?: number): CallResult => ({
    ok,
    message: roomOutcomeText(outcome, deps.language(), roomId),
  });

  /**
   * Runs one command through a fresh client of the recorder that has the room (the settings may
   * have changed since the last).
   */
  async function run<T>(
    target: CommandTarget,
    done: RoomOutcome,
    send: (commands: RecorderCommands) => Promise<CommandResult<T>>,
  ): Promise<CallResult> {
    const { roomId } = target;
    const chosen = chooseRecorder(deps, target);
    if (!chosen.ok) return { ok: false, message: chosen.message };
    const recorder = chosen.recorder;
    // Another platform's room is never BililiveRecorder's: nothing to ask its API.
    if (roomId >= PLATFORM_ROOM_BASE) return say(false, 'roomNotFound', roomId);
    const client = deps.client(recorder.id);
    if (!client) return say(false, 'noRecorderUrl');
    if (!limit.take(roomId, recorder.id)) return say(false, 'tooSoon', roomId);
    const url = recorder.url;
    const result = await send(new RecorderCommands(client));
    if (result.ok || isRoomRefusal(result)) deps.pollNow();
    if (result.ok) return say(true, done, roomId);
    if (isRoomRefusal(result)) {
      const outcome = result.status === 'room-not-found' ? 'roomNotFound' : 'roomIdOutOfRange';
      return say(false, outcome, roomId);
    }
    return { ok: false, message: failureMessage(result, url, deps.language()) };
  }

  const command = async (target: CommandTarget, cmd: RoomCommand): Promise<CallResult> => {
    const chosen = chooseRecorder(deps, target);
    // Another kind's own API (main/features/recorder-kinds): start and stop where it can.
    const other = chosen.ok
      ? otherKindCommand(chosen.recorder, target.roomId, cmd, deps.language())
      : undefined;
    if (!chosen.ok || !other)
      return run(target, COMMAND_DONE[cmd], (c) => c.command(target.roomId, cmd));
    if (!limit.take(target.roomId, chosen.recorder.id)) return say(false, 'tooSoon', target.roomId);
    const result = await other();
    return result.ok ? say(true, COMMAND_DONE[cmd], target.roomId) : result;
  };

  return {
    'room:command': ({ command: cmd, ...target }) => command(target, cmd),
    'room:add': ({ autoRecord, ...target }) =>
      run({ ...target, adding: true }, 'added', (c) => c.addRoom(target.roomId, autoRecord)),
    'room:remove': (target) => run(target, 'removed', (c) => c.removeRoom(target.roomId)),
    'room:setAutoRecord': ({ autoRecord, ...target }) =>
      run(target, autoRecord ? 'autoRecordOn' : 'autoRecordOff', (c) =>
        c.setAutoRecord(target.roomId, autoRecord),
      ),
    'notification:act': ({ id, button }) => act(deps, { say, command }, id, button),
  };
}

/** The room a command is for, and the recorder when the call names one. */
interface CommandTarget {
  roomId: number;
  recorderId?: string | undefined;
  /** room:add: the room is not on the recorder yet. */
  adding?: boolean;
}

/**
 * The recorder a room command goes to: the one named, else the one that has the room; where
 * several have it (a hot standby), the call must name one. A room no recorder has yet (room:add,
 * or a room the app never saw) goes to the one recorder with an API, and is refused where there
 * are several.
 */
function chooseRecorder(
  deps: RoomHandlerDeps,
  target: CommandTarget,
): { ok: true; recorder: RecorderSetting } | { ok: false; message: string } {
  const settings = deps.settings();
  const language = deps.language();
  if (target.recorderId !== undefined) {
    const named = recorderById(settings, target.recorderId);
    return named
      ? { ok: true, recorder: named }
      : { ok: false, message: unknownRecorderText(target.recorderId, language) };
  }
  const having = target.adding
    ? []
    : settings.recorders.filter((recorder) =>
        deps
          .state()
          .rooms.some(
            (room) =>
              room.roomId === target.roomId &&
              (room.recorderId ?? settings.recorders[0]?.id) === recorder.id,
          ),
      );
  const candidates = having.length > 0 ? having : settings.recorders.filter(hasRecorderApi);
  const [only, second] = candidates;
  if (only && !second) return { ok: true, recorder: only };
  if (!only) return { ok: true, recorder: firstRecorder(settings) }; // refused as "no API" then
  return {
    ok: false,
    message: whichRecorderText(target.roomId, candidates.map(recorderLabel), language),
  };
}

/** What a notification's buttons reach: the room command and the worded outcome. */
interface ButtonTools {
  say: (ok: boolean, outcome: RoomOutcome, roomId?: number) => CallResult;
  command: (target: CommandTarget, cmd: RoomCommand) => Promise<CallResult>;
}

/** Runs one button of a notification in the history (it must have offered that button). */
async function act(
  deps: RoomHandlerDeps,
  { say, command }: ButtonTools,
  id: string,
  button: PopupButton,
): Promise<CallResult> {
  const entry = deps.history.queries.notificationById(id);
  if (!entry) return say(false, 'notificationGone');
  const { notification } = entry;
  if (!notification.buttons?.includes(button)) return say(false, 'buttonNotOffered');
  if (await deps.history.markRead(id).catch(() => false)) deps.stateChanged();
  const roomId = notification.roomIds[0];
  const path =
    notification.action?.kind === 'openFile' || notification.action?.kind === 'showFile'
      ? notification.action.path
      : undefined;
  switch (button) {
    case 'record':
      return roomId === undefined
        ? say(false, 'actionFailed')
        : command({ roomId, recorderId: notification.recorderIds?.[0] }, 'start');
    case 'openRoom': {
      const url = roomId === undefined ? null : roomPageUrlIn(deps.state().rooms, roomId);
      return url !== null && (await deps.shellActions.openUrl(url))
        ? { ok: true }
        : say(false, 'actionFailed');
    }
    case 'mute':
      return roomId === undefined ? say(false, 'actionFailed') : mute(deps, say, roomId);
    case 'favourite':
      return roomId === undefined
        ? say(false, 'actionFailed')
        : setRoomTier(deps, roomId, 'favourite');
    case 'open':
    case 'show': {
      if (path === undefined) return say(false, 'actionFailed');
      const ok =
        button === 'open'
          ? await deps.shellActions.openFile(path)
          : await deps.shellActions.showFile(path);
      return ok ? { ok: true } : say(false, 'actionFailed');
    }
    case 'openWindow':
      await deps.shellActions.runAction({ kind: 'openWindow' });
      return { ok: true };
  }
}

/** Mutes a room's popups for an hour (the go-live popup's "Mute 1 h"). */
async function mute(
  deps: RoomHandlerDeps,
  say: ButtonTools['say'],
  roomId: number,
): Promise<CallResult> {
  const now = deps.clock();
  const current = deps.settings().notifications.mutedRoomsUntil;
  const mutedRoomsUntil = withRoomMuted(current, roomId, now + POPUP_MUTE_MS, now);
  const result = await deps.store.update({ notifications: { mutedRoomsUntil } });
  deps.stateChanged();
  return result.ok ? say(true, 'muted', roomId) : say(false, 'actionFailed');
}

function isRoomRefusal(result: RoomRefusal | RecorderFailure): result is RoomRefusal {
  return result.status === 'room-not-found' || result.status === 'room-id-out-of-range';
}
