import type { AppState } from '../../shared/app-state';
import type { RoomState } from '../../shared/model';
import type { AttentionKind } from '../../shared/i18n/window/lists';
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
  apiOk: boolean;
  /** The guardian's open problems by room, when the guardian runs (state.problems present). */
  problems: ReadonlyMap<number, readonly OpenProblem[]> | null;
}

const BY_CODE: Readonly<Record<string, AttentionKind>> = {
  'not-recording': 'notRecording',
  lagging: 'behind',
  'danmaku-down': 'chatDown',
};

/** Whether a room's live statistics are older than two polls, or frozen by a lost API. */
export function isStale(room: RoomState, context: AttentionContext): boolean {
  if (room.stats === undefined || !(room.recording || room.streaming)) return false;
  return !context.apiOk || context.now - room.updatedAt > 2 * context.pollIntervalSeconds * 1000;
}

/**
 * Everything about a room that needs the user: the guardian's open problems for it when it has
 * some, else what the flags say (live with auto-record on but not recording, falling behind, chat down), and
 * statistics gone stale.
 */
export function attentionOf(room: RoomState, context: AttentionContext): Attention[] {
  const found: Attention[] = [];
  const problems = context.problems?.get(room.roomId) ?? [];
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

/** The guardian's open problems grouped by room, or null when it does not report (no field). */
export function problemsByRoom(
  problems: readonly OpenProblem[] | undefined,
): Map<number, OpenProblem[]> | null {
  if (problems === undefined) return null;
  const map = new Map<number, OpenProblem[]>();
  for (const problem of problems) {
    if (problem.roomId === undefined) continue;
    const list = map.get(problem.roomId) ?? [];
    list.push(problem);
    map.set(problem.roomId, list);
  }
  return map;
}
