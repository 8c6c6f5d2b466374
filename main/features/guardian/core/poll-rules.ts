import type { PolledRoom } from '../../../../shared/recorder/rest';
import type { GuardianSettings } from '../../../../shared/settings';

/** The codes the REST polls reveal, in the order their bits are kept. */
export const POLL_CODES = ['not-recording', 'stalled', 'lagging', 'danmaku-down'] as const;

/** What the rules remember of one room between polls. */
export interface RoomTrack {
  /** Since when each condition holds (epoch ms), or undefined while it does not. */
  notRecordingSince: number | undefined;
  lowRatioSince: number | undefined;
  danmakuDownSince: number | undefined;
  /** The session's input bytes at the last poll, and when they last grew. */
  inputBytes: number;
  bytesGrewAt: number | undefined;
  /** One bit per POLL_CODES entry: whether its episode is open. */
  open: number;
  /** The number of the last poll that listed the room. */
  seenInPoll: number;
}

/** A fresh track for a room seen for the first time. */
export function newTrack(): RoomTrack {
  return {
    notRecordingSince: undefined,
    lowRatioSince: undefined,
    danmakuDownSince: undefined,
    inputBytes: 0,
    bytesGrewAt: undefined,
    open: 0,
    seenInPoll: 0,
  };
}

const since = (holds: boolean, previous: number | undefined, now: number) =>
  holds ? (previous ?? now) : undefined;

/**
 * Applies one poll of one room to its track and returns a bit mask of the problems that hold now
 * (a condition held for at least its threshold). Pure: time comes in as `now`, seconds from settings.
 */
export function evaluateRoom(
  room: PolledRoom,
  track: RoomTrack,
  now: number,
  s: GuardianSettings,
): number {
  const live = room.streaming;
  track.notRecordingSince = since(
    live && room.autoRecord && !room.recording,
    track.notRecordingSince,
    now,
  );
  const stats = room.stats;
  const ratio = stats?.durationRatio ?? null;
  track.lowRatioSince = since(
    room.recording && ratio !== null && ratio < s.laggingRatio,
    track.lowRatioSince,
    now,
  );
  track.danmakuDownSince = since(
    room.autoRecord && !room.danmakuConnected,
    track.danmakuDownSince,
    now,
  );
  const bytes = stats?.inputBytes;
  if (!room.recording || bytes === undefined) {
    track.bytesGrewAt = undefined;
    track.inputBytes = 0;
  } else if (track.bytesGrewAt === undefined || bytes !== track.inputBytes) {
    // Growth, the first look, or a new session (bytes went down): the clock starts again.
    track.bytesGrewAt = now;
    track.inputBytes = bytes;
  }
  let mask = 0;
  if (held(track.notRecordingSince, now, s.notRecordingSeconds)) mask |= 1;
  if (held(track.bytesGrewAt, now, s.stalledSeconds)) mask |= 2;
  if (held(track.lowRatioSince, now, s.laggingSeconds)) mask |= 4;
  if (held(track.danmakuDownSince, now, s.danmakuDownSeconds)) mask |= 8;
  return mask;
}

function held(from: number | undefined, now: number, seconds: number): boolean {
  return from !== undefined && now - from >= seconds * 1000;
}
