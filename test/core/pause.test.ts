import { describe, expect, it } from 'vitest';
import {
  isPaused,
  isRoomMutedAt,
  PAUSED_FOREVER,
  pausedUntilFor,
  withRoomMuted,
} from '../../main/core/pause';

// Local times: the test process runs in whatever zone the machine has; build instants from local parts.
const local = (y: number, mo: number, d: number, h: number, mi = 0) =>
  new Date(y, mo - 1, d, h, mi).getTime();

describe('pausedUntilFor', () => {
  it('hour → one hour from now', () => {
    expect(pausedUntilFor('hour', 1_000)).toBe(1_000 + 3_600_000);
  });

  it('tomorrow in the evening → 08:00 the next day', () => {
    expect(pausedUntilFor('tomorrow', local(2026, 11, 22, 21, 30))).toBe(local(2026, 11, 23, 8));
  });

  it('tomorrow after midnight → 08:00 the same morning', () => {
    expect(pausedUntilFor('tomorrow', local(2026, 11, 23, 2, 0))).toBe(local(2026, 11, 23, 8));
  });

  it('tomorrow at exactly 08:00 → 08:00 the next day', () => {
    expect(pausedUntilFor('tomorrow', local(2026, 11, 23, 8, 0))).toBe(local(2026, 11, 24, 8));
  });

  it('tomorrow across a month end', () => {
    expect(pausedUntilFor('tomorrow', local(2026, 12, 31, 23, 0))).toBe(local(2027, 1, 1, 8));
  });

  it('forever stays paused; resume ends it', () => {
    expect(isPaused(pausedUntilFor('forever', 0), Date.UTC(2100, 0, 1))).toBe(true);
    expect(PAUSED_FOREVER).toBe(new Date(PAUSED_FOREVER).getTime());
    expect(pausedUntilFor('resume', 0)).toBeNull();
    expect(isPaused(null, 0)).toBe(false);
  });
});

describe('room mutes for a while', () => {
  it('mutes until the time, replaces the room’s mute and drops expired ones', () => {
    const first = withRoomMuted([], 1, 3_600_000, 0);
    expect(isRoomMutedAt(first, 1, 3_599_999)).toBe(true);
    expect(isRoomMutedAt(first, 1, 3_600_000)).toBe(false);
    expect(isRoomMutedAt(first, 2, 0)).toBe(false);
    const second = withRoomMuted(first, 2, 8_000_000, 4_000_000);
    expect(second).toEqual([{ roomId: 2, until: 8_000_000 }]);
    expect(withRoomMuted(second, 2, 9_000_000, 4_000_000)).toEqual([
      { roomId: 2, until: 9_000_000 },
    ]);
    expect(isRoomMutedAt(undefined, 2, 0)).toBe(false);
  });
});
