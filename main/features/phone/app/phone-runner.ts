import type { AppState } from '../../../../shared/app-state';
import { roomOutcomeText } from '../../../../shared/i18n/room-commands';
import { PHONE_COMMAND_HELP, PHONE_TEXT } from '../../../../shared/i18n/phone-text';
import type { CallResult, ContractHandlers } from '../../../../shared/ipc-contract';
import { quietUntilFor } from '../../../../shared/quiet-until';
import { roomLabel } from '../../../../shared/platforms';
import type { Language, Settings } from '../../../../shared/settings';
import type { Clock } from '../../../core/ports';
import type { FreeSpacePort } from '../../guardian/adapters/free-space';
import { withRoomMuted } from '../../../core/pause';
import { CHINESE_WORDS, PHONE_COMMANDS, type PhoneCommand } from '../core/phone-command';
import { nameRoom, type NamedRoom } from '../core/room-naming';
import { diskLeft, jobList, lastFiles } from './phone-lists';

/** The window's calls a phone's command goes through: the same handlers, limits and answers. */
export type PhoneCalls = Pick<
  ContractHandlers,
  'room:command' | 'notifications:quietUntil' | 'settings:update' | 'history:files' | 'jobs:list'
>;

/** What the runner works on. */
export interface PhoneRunnerDeps {
  calls: PhoneCalls;
  state: () => Pick<AppState, 'rooms' | 'recorders' | 'pause'>;
  settings: () => Pick<Settings, 'notifications' | 'recorders'>;
  /** Free bytes of the file system holding a folder (the guardian's statfs). */
  freeSpace?: FreeSpacePort;
  language: () => Language;
  clock: Clock;
}

/** What a command did: the answer to send back, and the line for the log ("record room 1 → …"). */
export interface PhoneOutcome {
  answer: string;
  line: string;
  /** The room it acted on, when one: the history's row is listed under it. */
  roomId?: number;
}

/** Runs one phone command through the app's handlers and words the answer. */
export async function runPhoneCommand(
  deps: PhoneRunnerDeps,
  command: PhoneCommand,
): Promise<PhoneOutcome> {
  const language = deps.language();
  const text = PHONE_TEXT[language];
  switch (command.kind) {
    case 'live':
      return { answer: liveList(deps, language), line: 'who is live' };
    case 'help':
      return { answer: helpText(language), line: 'help' };
    case 'rec':
    case 'stop':
    case 'split': {
      const verb = { rec: 'record', stop: 'stop', split: 'split' }[command.kind];
      const named = nameOne(deps, command.room, language);
      if (typeof named === 'string')
        return { answer: named, line: `${verb} "${command.room}" → no such room` };
      const cmd = command.kind === 'rec' ? 'start' : command.kind;
      const result = await deps.calls['room:command']({ roomId: named, command: cmd });
      return { ...worded(result, `${verb} room ${named}`), roomId: named };
    }
    case 'mute': {
      const named = nameOne(deps, command.room, language);
      if (typeof named === 'string')
        return { answer: named, line: `mute "${command.room}" → no such room` };
      return { ...(await mute(deps, named, command.until, language)), roomId: named };
    }
    case 'quiet': {
      const { quietUntil } = await deps.calls['notifications:quietUntil']({ until: command.until });
      const answer = quietUntil === null ? text.quietOff : text.quietUntil(clockTime(quietUntil));
      return { answer, line: `quiet ${command.until} → done` };
    }
    case 'last':
      return { answer: await lastFiles(deps, language), line: 'last files' };
    case 'jobs':
      return { answer: await jobList(deps, language), line: 'jobs' };
    case 'disk':
      return { answer: await diskLeft(deps, language), line: 'disk' };
    case 'status':
      return { answer: statusText(deps, language), line: 'status' };
  }
}

function worded(result: CallResult, what: string): PhoneOutcome {
  const answer = result.message ?? '';
  return { answer, line: `${what} → ${result.ok ? 'done' : `refused: ${answer}`}` };
}

/** The room's id, or the answer that says why none (with the choices). */
function nameOne(deps: PhoneRunnerDeps, words: string, language: Language): number | string {
  const naming = nameRoom(words, deps.state().rooms);
  if (naming.ok) return naming.roomId;
  const text = PHONE_TEXT[language];
  if (naming.choices.length === 0) return `${text.unknownRoom} ${text.noRooms}`;
  const header = naming.reason === 'ambiguous' ? text.ambiguousRoom : text.unknownRoom;
  return [header, ...naming.choices.map((r) => `• ${roomNamed(r, language)}`)].join('\n');
}

async function mute(
  deps: PhoneRunnerDeps,
  roomId: number,
  until: 'hour' | 'morning',
  language: Language,
): Promise<PhoneOutcome> {
  const now = deps.clock();
  const end = quietUntilFor(until, now)!;
  const current = deps.settings().notifications.mutedRoomsUntil;
  const mutedRoomsUntil = withRoomMuted(current, roomId, end, now);
  const result = await deps.calls['settings:update']({ notifications: { mutedRoomsUntil } });
  if (!result.ok)
    return {
      answer: roomOutcomeText('actionFailed', language, roomId),
      line: `mute room ${roomId} → failed`,
    };
  const answer =
    until === 'hour'
      ? roomOutcomeText('muted', language, roomId)
      : PHONE_TEXT[language].mutedUntil(roomNumberText(roomId, language), clockTime(end));
  return { answer, line: `mute room ${roomId} until ${until} → done` };
}

/** A room as a phone's answer names it: "抖音 · 主播名 (123456789)", or "主播名 (21452505)". */
function roomNamed(room: NamedRoom, language: Language): string {
  return `${roomLabel(room, room.name, language)} (${room.platformRoom ?? room.roomId})`;
}

function roomNumberText(roomId: number, language: Language): string {
  return language === 'zh-CN' ? `房间 ${roomId} ` : `room ${roomId}`;
}

/** A local time of day, `08:00`. */
function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function liveList(deps: PhoneRunnerDeps, language: Language): string {
  const text = PHONE_TEXT[language];
  const state = deps.state();
  const live = state.rooms.filter((room) => room.streaming);
  if (live.length === 0) return text.noneLive;
  const recorderName = (id: string | undefined) =>
    state.recorders.find((r) => r.id === id)?.name ?? state.recorders[0]?.name ?? '';
  const lines = live.map((room) => {
    const records = room.recording ? text.recording : text.notRecording;
    return `• ${roomNamed(room, language)} · ${recorderName(room.recorderId)} · ${records}`;
  });
  return [text.liveHeader, ...lines].join('\n');
}

/** The commands list in the user's language (help, and Settings → Push's "send me the list"). */
export function helpText(language: Language): string {
  const help = PHONE_COMMAND_HELP[language];
  const lines = PHONE_COMMANDS.map((name) =>
    language === 'zh-CN'
      ? `${CHINESE_WORDS[name]}（/${name}）：${help[name]}`
      : `/${name}: ${help[name]}`,
  );
  return [PHONE_TEXT[language].helpHeader, ...lines].join('\n');
}

function statusText(deps: PhoneRunnerDeps, language: Language): string {
  const text = PHONE_TEXT[language];
  const state = deps.state();
  const live = state.rooms.filter((r) => r.streaming).length;
  const recording = state.rooms.filter((r) => r.recording).length;
  const recorders = state.recorders.map((r) => `• ${r.name}: ${r.message}`);
  const counts =
    language === 'zh-CN'
      ? `${state.rooms.length} 个房间，${live} 个在播，${recording} 个在录。`
      : `${state.rooms.length} rooms, ${live} live, ${recording} recording.`;
  const quietUntil = deps.settings().notifications.quietUntil;
  const quiet =
    typeof quietUntil === 'number' && quietUntil > deps.clock()
      ? [text.quietUntil(clockTime(quietUntil))]
      : [];
  return [...recorders, counts, ...quiet].join('\n');
}
