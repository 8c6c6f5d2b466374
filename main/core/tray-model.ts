import type { PauseChoice, RecorderStatusKind } from '../../shared/app-state';
import { TRAY_STRINGS, type TrayStrings } from '../../shared/i18n/tray';
import { PROBLEM_TEXT, problemWords } from '../../shared/i18n/problem-text';
import type { RoomState } from '../../shared/model';
import { roomLabel } from '../../shared/platforms';
import { apiAnswers } from '../../shared/recorder/connection-status';
import type { OpenProblem } from '../../shared/problem';
import type { Language } from '../../shared/settings';
import { favouritesFirst } from '../../shared/room-tier';
import type { QuietChoice } from '../../shared/quiet-until';

/** The four faces of the tray icon (each has its image in build/icons/tray). */
export const TRAY_ICONS = ['idle', 'live', 'recording', 'problem'] as const;
/** One face of the tray icon. */
export type TrayIcon = (typeof TRAY_ICONS)[number];

/** What a tray menu item does, as data; the glue maps each kind to a callback. */
export type TrayAction =
  | { kind: 'openWindow' }
  | { kind: 'openLiveRoom'; roomId: number }
  | { kind: 'recordRoom'; roomId: number; recorderId?: string }
  | { kind: 'pause'; until: Exclude<PauseChoice, 'resume'> }
  | { kind: 'resume' }
  | { kind: 'quiet'; until: QuietChoice }
  | { kind: 'openRecorderUi' }
  | { kind: 'openRecorderApi' }
  | { kind: 'openLogsFolder' }
  | { kind: 'installUpdate' }
  | { kind: 'quit' };

/** One entry of the tray menu: plain data, no functions, so tests compare it directly. */
export type TrayMenuItem =
  | { type: 'item'; id: string; label: string; enabled: boolean; action: TrayAction }
  | { type: 'label'; id: string; label: string } // shown, not clickable
  | { type: 'submenu'; id: string; label: string; items: TrayMenuItem[] }
  | { type: 'separator' };

/** What the tray shows. */
export interface TrayModel {
  icon: TrayIcon;
  tooltip: string;
  menu: TrayMenuItem[];
}

/** What the tray model is computed from. */
export interface TrayState {
  rooms: readonly RoomState[];
  recorderStatus: RecorderStatusKind;
  paused: boolean;
  language: Language;
  /** A recorder can start rooms now (its API answers, or its kind's stream is up): "Record" is offered. */
  canRecord?: boolean;
  /** The recording guardian's open problem episodes (AppState.problems). */
  problems?: readonly OpenProblem[];
  /** Writing the data folder fails and is being retried (AppState.storage). */
  storageTrouble?: boolean;
  /** The running version, shown after the app's name in the tooltip. */
  version?: string;
  /** Jobs acting on recordings that run now (AppState.jobs.running). */
  runningJobs?: number;
  /** A downloaded update's version (AppState.update): the menu offers to restart into it. */
  update?: string;
  /** How it is taken (AppState.update.action): restart into it, install it, or download it. */
  updateAction?: 'restart' | 'install' | 'download';
  /** Favourite rooms: listed first among the live rooms, marked ★. */
  favourites?: readonly number[];
  /** Quiet hours hold popups now ("quiet until" or the daily window). */
  quiet?: boolean;
  /** Each recorder's name and connection (AppState.recorders); named only where there are several. */
  recorders?: readonly TrayRecorder[];
}

/** One recorder as the tray names it. */
export interface TrayRecorder {
  id: string;
  name: string;
  status: RecorderStatusKind;
  /** "Record" may be offered for its rooms (its kind can, shared/kind-abilities.ts); absent: its API answers. */
  startsRooms?: boolean;
}

/** Windows cuts tray tooltips at 127 characters (NOTIFYICONDATA.szTip holds 128 with the NUL). */
export const TOOLTIP_MAX_LENGTH = 127;
/** Live rooms listed in the menu before a "more…" entry that opens the window. */
export const MENU_MAX_ROOMS = 20;
const MENU_LABEL_MAX = 48;

function isProblem(
  status: RecorderStatusKind,
): status is Exclude<RecorderStatusKind, 'ok' | 'off'> {
  return !apiAnswers(status) && status !== 'off';
}

// Recorders are named only where there are several: one recorder is "the recorder".
function several(state: TrayState): readonly TrayRecorder[] {
  return (state.recorders?.length ?? 0) > 1 ? (state.recorders ?? []) : [];
}

/** "NAS: unreachable" for each recorder that is down, where there are several. */
function downRecorders(state: TrayState, strings: TrayStrings): string[] {
  return several(state).flatMap((recorder) =>
    isProblem(recorder.status)
      ? [strings.recorderDown(recorder.name, strings.recorderShort[recorder.status])]
      : [],
  );
}

// A room on two recorders (a hot standby) is one live room: listed once, its recording row first.
function oncePerRoom(rooms: readonly RoomState[]): RoomState[] {
  const seen = new Map<number, RoomState>();
  for (const room of rooms) {
    const kept = seen.get(room.roomId);
    if (kept === undefined || (room.recording && !kept.recording)) seen.set(room.roomId, room);
  }
  return [...seen.values()];
}

function byName(a: RoomState, b: RoomState): number {
  return a.name.localeCompare(b.name) || a.roomId - b.roomId;
}

/** The room as the tray names it: "抖音 · 主播名" for another platform's room (shared/platforms.ts). */
function roomName(room: RoomState, language: Language): string {
  const name = room.name.trim() === '' ? (room.platformRoom ?? String(room.roomId)) : room.name;
  return roomLabel(room, name, language);
}

function item(id: string, label: string, action: TrayAction, enabled = true): TrayMenuItem {
  return { type: 'item', id, label, enabled, action };
}

function cut(text: string, max: number): string {
  const chars = Array.from(text); // code points: never split an emoji in half
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The icon: a recorder problem first (the room states shown may be stale then, and the problem is
 * what the user can act on), then recording, then live, then idle.
 */
export function trayIcon(state: TrayState): TrayIcon {
  if (isProblem(state.recorderStatus) || (state.problems?.length ?? 0) > 0) return 'problem';
  if (state.storageTrouble) return 'problem';
  if (state.rooms.some((room) => room.recording)) return 'recording';
  if (state.rooms.some((room) => room.streaming)) return 'live';
  return 'idle';
}

interface TooltipSection {
  line: (names: string) => string;
  names: string[];
  shown: number;
}

function renderSection(section: TooltipSection, strings: TrayStrings): string {
  const listed = section.names.slice(0, section.shown).join(strings.listSeparator);
  const hidden = section.names.length - section.shown;
  if (hidden === 0) return section.line(listed);
  return section.line(
    section.shown === 0 ? strings.overflow(hidden) : `${listed} ${strings.overflow(hidden)}`,
  );
}

/** The tooltip: app name, recorder problem, recording and live rooms; names dropped to fit `maxLength`. */
export function trayTooltip(state: TrayState, maxLength: number = TOOLTIP_MAX_LENGTH): string {
  const strings = TRAY_STRINGS[state.language];
  const head = [state.version ? `${strings.appName} ${state.version}` : strings.appName];
  const down = downRecorders(state, strings);
  if (down.length > 0) head.push(...down);
  else if (isProblem(state.recorderStatus))
    head.push(strings.recorderProblem[state.recorderStatus]);
  const problems = state.problems ?? [];
  const [first] = problems;
  if (first) head.push(cut(strings.problemsLine(problems.length, problemLabel(state, first)), 60));
  if (state.storageTrouble) head.push(strings.storageTrouble);
  if (state.paused) head.push(strings.pausedNote);
  if (state.runningJobs) head.push(strings.jobsLine(state.runningJobs));
  const rooms = oncePerRoom(state.rooms);
  const recording = rooms
    .filter((room) => room.recording)
    .sort(byName)
    .map((room) => roomName(room, state.language));
  const liveOnly = rooms
    .filter((room) => room.streaming && !room.recording)
    .sort(byName)
    .map((room) => roomName(room, state.language));
  const sections: TooltipSection[] = [
    { line: strings.recordingLine, names: recording, shown: recording.length },
    { line: strings.liveLine, names: liveOnly, shown: liveOnly.length },
  ].filter((section) => section.names.length > 0);
  const render = () => {
    const body =
      sections.length === 0 ? [strings.idleLine] : sections.map((s) => renderSection(s, strings));
    return [...head, ...body].join('\n');
  };
  let text = render();
  // Drop names from the longer list first until it fits; "+N more" keeps the count honest.
  while (Array.from(text).length > maxLength) {
    const longest = sections.filter((s) => s.shown > 0).sort((a, b) => b.shown - a.shown)[0];
    if (longest === undefined) return cut(text, maxLength);
    longest.shown -= 1;
    text = render();
  }
  return text;
}

/**
 * "Record: name" for each listed live room that does not record, while the API answers; where
 * there are several recorders, one per recorder that has the room and answers, naming it.
 */
function recordItems(
  live: readonly RoomState[],
  state: TrayState,
  strings: TrayStrings,
): TrayMenuItem[] {
  if (state.canRecord !== true) return [];
  const recorders = several(state);
  const listed = new Set(live.map((room) => room.roomId));
  const candidates =
    recorders.length === 0
      ? live.filter((room) => !room.recording)
      : state.rooms.filter(
          (room) =>
            listed.has(room.roomId) &&
            room.streaming &&
            !room.recording &&
            recorders.some(
              (r) => r.id === room.recorderId && (r.startsRooms ?? apiAnswers(r.status)),
            ),
        );
  const items = candidates.map((room) => {
    const recorder = recorders.find((r) => r.id === room.recorderId);
    const name = roomName(room, state.language);
    return item(
      recorder ? `record-room-${recorder.id}-${room.roomId}` : `record-room-${room.roomId}`,
      cut(
        recorder ? strings.recordRoomOn(name, recorder.name) : strings.recordRoom(name),
        MENU_LABEL_MAX,
      ),
      {
        kind: 'recordRoom',
        roomId: room.roomId,
        ...(room.recorderId !== undefined ? { recorderId: room.recorderId } : {}),
      },
    );
  });
  return items.length > 0 ? [{ type: 'separator' }, ...items] : [];
}

function liveRoomsMenu(state: TrayState, strings: TrayStrings): TrayMenuItem {
  const favourites = new Set(state.favourites ?? []);
  const live = favouritesFirst(
    oncePerRoom(state.rooms.filter((room) => room.streaming)).sort(byName),
    state.favourites ?? [],
  );
  const name = (room: RoomState) =>
    `${favourites.has(room.roomId) ? '★ ' : ''}${roomName(room, state.language)}`;
  const items = live
    .slice(0, MENU_MAX_ROOMS)
    .map((room) =>
      item(
        `live-room-${room.roomId}`,
        cut(
          room.title.trim() === '' ? name(room) : `${name(room)} — ${room.title}`,
          MENU_LABEL_MAX,
        ),
        { kind: 'openLiveRoom', roomId: room.roomId },
      ),
    );
  items.push(...recordItems(live.slice(0, MENU_MAX_ROOMS), state, strings));
  if (live.length === 0)
    items.push({ type: 'label', id: 'no-live-rooms', label: strings.noLiveRooms });
  if (live.length > MENU_MAX_ROOMS)
    items.push(
      item('more-live-rooms', strings.moreRooms(live.length - MENU_MAX_ROOMS), {
        kind: 'openWindow',
      }),
    );
  return {
    type: 'submenu',
    id: 'live-rooms',
    label: `${strings.liveRooms} (${live.length})`,
    items,
  };
}

/** "Room — what is wrong" for one open problem (the set-up's own problems name no room). */
function problemLabel(state: TrayState, problem: OpenProblem): string {
  const words = problemWords(state.language, problem.code, problem.facts);
  const room = state.rooms.find((r) => r.roomId === problem.roomId);
  const where =
    problem.roomId === undefined
      ? PROBLEM_TEXT[state.language].setup
      : room
        ? roomName(room, state.language)
        : String(problem.roomId);
  return `${where} — ${words.name}`;
}

// Listed first while any problem is open: what the user should act on. Each opens the window.
function problemsMenu(state: TrayState, strings: TrayStrings): TrayMenuItem[] {
  const problems = state.problems ?? [];
  if (problems.length === 0) return [];
  const items = problems.slice(0, MENU_MAX_ROOMS).map((problem, index) =>
    item(`problem-${index}`, cut(problemLabel(state, problem), MENU_LABEL_MAX), {
      kind: 'openWindow',
    }),
  );
  return [{ type: 'submenu', id: 'problems', label: strings.problemsMenu(problems.length), items }];
}

function pauseMenu(state: TrayState, strings: TrayStrings): TrayMenuItem {
  return {
    type: 'submenu',
    id: 'pause',
    label: state.paused ? strings.pausedNote : strings.pauseNotifications,
    items: [
      item('pause-hour', strings.pauseHour, { kind: 'pause', until: 'hour' }),
      item('pause-tomorrow', strings.pauseTomorrow, { kind: 'pause', until: 'tomorrow' }),
      item('pause-forever', strings.pauseForever, { kind: 'pause', until: 'forever' }),
      { type: 'separator' },
      item('resume', strings.resume, { kind: 'resume' }, state.paused),
      ...quietItems(state, strings),
    ],
  };
}

/**
 * "Restart to update to vX" while a downloaded update waits ("A new version is ready: install" for
 * a .deb, "Download" for an update this Mac build cannot apply); nothing otherwise.
 */
function updateMenu(state: TrayState, strings: TrayStrings): TrayMenuItem[] {
  if (state.update === undefined) return [];
  const label =
    state.updateAction === 'install'
      ? strings.installUpdate
      : state.updateAction === 'download'
        ? strings.downloadUpdate
        : strings.restartToUpdate;
  return [item('install-update', label(state.update), { kind: 'installUpdate' })];
}

// Quiet time holds popups for one digest at its end, where a pause drops them to the history.
function quietItems(state: TrayState, strings: TrayStrings): TrayMenuItem[] {
  const quiet = (id: string, label: string, until: QuietChoice, enabled = true) =>
    item(id, label, { kind: 'quiet', until }, enabled);
  return [
    { type: 'separator' },
    ...(state.quiet
      ? [{ type: 'label' as const, id: 'quiet-note', label: strings.quietNote }]
      : []),
    quiet('quiet-hour', strings.quietHour, 'hour'),
    quiet('quiet-morning', strings.quietMorning, 'morning'),
    quiet('quiet-off', strings.quietOff, 'off', state.quiet === true),
  ];
}

/** The whole tray: icon, tooltip and menu for a state. */
export function trayModel(
  state: TrayState,
  tooltipMaxLength: number = TOOLTIP_MAX_LENGTH,
): TrayModel {
  const strings = TRAY_STRINGS[state.language];
  // 'off' means no recorder URL is set: its web pages have no address.
  const hasRecorder = state.recorderStatus !== 'off';
  return {
    icon: trayIcon(state),
    tooltip: trayTooltip(state, tooltipMaxLength),
    menu: [
      item('open-window', strings.openWindow, { kind: 'openWindow' }),
      ...updateMenu(state, strings),
      ...downRecorders(state, strings).map((label, index): TrayMenuItem => ({
        type: 'label',
        id: `recorder-down-${index}`,
        label,
      })),
      ...problemsMenu(state, strings),
      liveRoomsMenu(state, strings),
      pauseMenu(state, strings),
      { type: 'separator' },
      item('recorder-ui', strings.openRecorderUi, { kind: 'openRecorderUi' }, hasRecorder),
      item('recorder-api', strings.openRecorderApi, { kind: 'openRecorderApi' }, hasRecorder),
      item('logs', strings.openLogs, { kind: 'openLogsFolder' }),
      { type: 'separator' },
      item('quit', strings.quit, { kind: 'quit' }),
    ],
  };
}
