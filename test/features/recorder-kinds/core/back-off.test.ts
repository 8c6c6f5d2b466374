import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../../../main/features/recorder-kinds/core/back-off';

describe('reconnectDelay', () => {
  it('doubles from the first wait and stops at the most', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => reconnectDelay(attempt));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(3, { firstMs: 50, maxMs: 120 })).toBe(120);
  });
});
