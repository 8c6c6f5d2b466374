import { describe, expect, it } from 'vitest';
import {
  batches,
  dueRooms,
  GO_LIVE_REFRESH_MS,
  isDue,
  isDueOnGoLive,
  REFRESH_MS,
} from '../../../../main/features/pictures/core/fetch-schedule';

describe('fetch schedule', () => {
  it('fetches a room never fetched, or fetched a day ago, once', () => {
    const now = 10 * REFRESH_MS;
    const marks = new Map([
      [1, { fetchedAt: now - REFRESH_MS }],
      [2, { fetchedAt: now - REFRESH_MS + 1 }],
    ]);
    expect(dueRooms([1, 2, 3, 3, 0, -1], (id) => marks.get(id), now)).toEqual([1, 3]);
  });

  it('treats a mark in the future (the clock was set back) as due', () => {
    expect(isDue({ fetchedAt: 5000 }, 1000)).toBe(true);
  });

  it('fetches again on go-live unless fetched within minutes', () => {
    expect(isDueOnGoLive(undefined, 0)).toBe(true);
    expect(isDueOnGoLive({ fetchedAt: 0 }, GO_LIVE_REFRESH_MS - 1)).toBe(false);
    expect(isDueOnGoLive({ fetchedAt: 0 }, GO_LIVE_REFRESH_MS)).toBe(true);
  });

  it('splits rooms into batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
  });
});
