import { describe, expect, test } from 'vitest';
import { keepFromSeq, windowKeepFrom, type DeliveryLook } from '../../main/core/delivery-bounds';

/** Deliveries seq 1..count, received one a second from `start`. */
function look(count: number, start: number): DeliveryLook {
  return {
    nthNewestSeq: (n) => (n >= 1 && n <= count ? count - n + 1 : undefined),
    oldestSeqSince: (at) => {
      const seq = Math.max(1, Math.ceil((at - start) / 1000) + 1);
      return seq <= count ? seq : undefined;
    },
  };
}

describe('windowKeepFrom', () => {
  const limits = { maxAgeMs: 60_000, minCount: 10, maxCount: 100 };

  test('old ones: the newest minCount', () => {
    expect(windowKeepFrom(limits, 10_000_000, look(50, 0))).toBe(41);
  });

  test('young ones beyond minCount are kept, up to maxCount', () => {
    const start = 0;
    const now = 500_000; // the last 61 s of 500 deliveries are young
    expect(windowKeepFrom(limits, now, look(500, start))).toBe(441); // received since 440 s
    expect(windowKeepFrom({ ...limits, maxCount: 20 }, now, look(500, start))).toBe(481);
  });

  test('fewer than minCount: all', () => {
    expect(windowKeepFrom(limits, 10_000_000, look(5, 0))).toBe(0);
  });
});

describe('keepFromSeq', () => {
  test('the earliest of the processed mark, the window and the event log', () => {
    const needs = { processedThrough: 990, eventLogFrom: 951 };
    expect(keepFromSeq(needs, 980)).toBe(951);
    expect(keepFromSeq(needs, 800)).toBe(800);
    expect(keepFromSeq({ ...needs, processedThrough: 700 }, 980)).toBe(701);
    expect(keepFromSeq({ processedThrough: 0, eventLogFrom: Infinity }, 0)).toBe(1);
  });
});
