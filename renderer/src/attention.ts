import type { AppState } from '../../shared/app-state';
import type { RoomState } from '../../shared/model';
import type { AttentionKind } from '../../shared/i18n/window/lists';
import { roomKey } from './recorder-rooms';
import { roomHealth } from './room-health';

/** One open problem of the recording guardian. */
export type OpenProblem = NonNullable<AppState['problems']>[number];

/** Why a room needs a look; `code` is the recording guardian's problem code, when it said so. */
export interface Attention {
  kind: AttentionKind;
  code?: string;
}

/** What the attention rules read besides the room. */
export interface AttentionContext {
  now: number;
  /** Seconds between polls: statistics older than two of these are stale. */
  pollIntervalSeconds: number;
  /** Whether the recorder API answers now (its statistics are frozen otherwise). */
  apiAnswers: boolean;
  /**
   * The guardian's open problems by room (`roomKey`: a problem that names its recorder belongs
   * to that recorder's row only), when the guardian runs (state.problems present).
   */
  problems: ReadonlyMap<string, readonly OpenProblem[]> | null;
}

const BY_CODE: Readonly<Record<string, AttentionKind>> = {
  'not-recording': 'notRecording',
  lagging: 'behind',
  'danmaku-down': 'chatDown',
};

/** Whether a room's live statistics are older than two polls, or frozen by a lost API. */
export function isStale(room: RoomState, context: AttentionContext): boolean {
  if (room.stats === undefined || !(room.recording || room.streaming)) return false;
  return (
    !context.apiAnswers || context.now - room.updatedAt > 2 * context.pollIntervalSeconds * 1000
  );
}

/**
 * Everything about a room that needs the user: the guardian's open problems for it when it has
 * some, else what the flags say (live with auto-record on but not recording, falling behind, chat down), and
 * statistics gone stale.
 */
export function attentionOf(room: RoomState, context: AttentionContext): Attention[] {
  const found: Attention[] = [];
  const problems = problemsOf(room, context.problems);
  if (problems.length > 0) {
    // The guardian watched this room with its own thresholds: its word counts.
    for (const problem of problems)
      found.push({ kind: BY_CODE[problem.code] ?? 'problem', code: problem.code });
  } else {
    if (room.streaming && room.autoRecord === true && !room.recording)
      found.push({ kind: 'notRecording' });
    if (room.recording && roomHealth(room.stats?.durationRatio)?.kind === 'behind')
      found.push({ kind: 'behind' });
    // Danmaku is only connected while recording: a live room not recorded is covered above.
    if (room.recording && !room.danmakuConnected) found.push({ kind: 'chatDown' });
  }
  if (isStale(room, context)) found.push({ kind: 'stale' });
  return found;
}

/**
 * The guardian's open problems grouped by room, keyed as the rows are (`roomKey`; a problem
 * without a recorder, as with one recorder, by the room number), or null when it does not report.
 */
export function problemsByRoom(
  problems: readonly OpenProblem[] | undefined,
): Map<string, OpenProblem[]> | null {
  if (problems === undefined) return null;
  const map = new Map<string, OpenProblem[]>();
  for (const problem of problems) {
    if (problem.roomId === undefined) continue;
    const key = roomKey({ roomId: problem.roomId, recorderId: problem.recorderId });
    const list = map.get(key) ?? [];
    list.push(problem);
    map.set(key, list);
  }
  return map;
}

/** A room row's problems: its recorder's, and those that name no recorder. */
export function problemsOf(
  room: Pick<RoomState, 'roomId' | 'recorderId'>,
  problems: ReadonlyMap<string, readonly OpenProblem[]> | null,
): readonly OpenProblem[] {
  if (problems === null) return [];
  const own = room.recorderId === undefined ? [] : (problems.get(roomKey(room)) ?? []);
  return [...own, ...(problems.get(String(room.roomId)) ?? [])];
}
