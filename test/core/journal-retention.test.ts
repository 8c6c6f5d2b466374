import { describe, expect, it } from 'vitest';
import { compactionDue, JOURNAL_RETENTION, keepFromSeq } from '../../main/core/journal-retention';

const needs = { processedThrough: 900, windowOldestSeq: 500, newestSeq: 1000, eventLogCount: 100 };

describe('journal retention', () => {
  it('keeps from the oldest of: past the processed mark, the dedupe window, the event log', () => {
    expect(keepFromSeq(needs)).toBe(500);
    expect(keepFromSeq({ ...needs, windowOldestSeq: 950 })).toBe(901);
    expect(keepFromSeq({ ...needs, windowOldestSeq: 990, processedThrough: 1000 })).toBe(901);
    expect(keepFromSeq({ ...needs, windowOldestSeq: 0, processedThrough: 1000 })).toBe(901);
    expect(keepFromSeq({ ...needs, processedThrough: 0 })).toBe(1);
    expect(keepFromSeq({ ...needs, newestSeq: 10, processedThrough: 10, windowOldestSeq: 0 })).toBe(
      1,
    );
  });

  it('is due past slack times what it keeps plus the floor, or past its size when a quarter can go', () => {
    const r = { slack: 2, floor: 10, maxBytes: 1000 };
    expect(compactionDue({ entries: 210, bytes: 0 }, 100, r)).toBe(false);
    expect(compactionDue({ entries: 211, bytes: 0 }, 100, r)).toBe(true);
    expect(compactionDue({ entries: 150, bytes: 1001 }, 100, r)).toBe(true);
    expect(compactionDue({ entries: 150, bytes: 1001 }, 120, r)).toBe(false); // only a fifth
    expect(compactionDue({ entries: 150, bytes: 999 }, 100, r)).toBe(false);
    expect(compactionDue({ entries: 100, bytes: 1e9 }, 100, r)).toBe(false); // nothing to drop
  });

  it("the app's bounds: the journal stays near 41,000 entries or 24 MB", () => {
    const full = 20_000;
    expect(compactionDue({ entries: 41_000, bytes: 0 }, full, JOURNAL_RETENTION)).toBe(false);
    expect(compactionDue({ entries: 41_001, bytes: 0 }, full, JOURNAL_RETENTION)).toBe(true);
    expect(compactionDue({ entries: 30_000, bytes: 25 * 2 ** 20 }, full, JOURNAL_RETENTION)).toBe(
      true,
    );
  });
});
