/** What a room's `durationRatio` says about its recording, or null when it is not recording. */
export type RoomHealth =
  { kind: 'good' } | { kind: 'behind'; ratio: number } | { kind: 'ahead'; ratio: number } | null;

// The ratio is media time over wall time: it wobbles around 1.0 at the start of every file.
const LOW = 0.9;
const HIGH = 1.1;

/** Reads the recorder's duration ratio: ≈1.0 healthy, below it the recording falls behind. */
export function roomHealth(durationRatio: number | null | undefined): RoomHealth {
  if (durationRatio === null || durationRatio === undefined || !Number.isFinite(durationRatio))
    return null;
  if (durationRatio < LOW) return { kind: 'behind', ratio: durationRatio };
  if (durationRatio > HIGH) return { kind: 'ahead', ratio: durationRatio };
  return { kind: 'good' };
}
