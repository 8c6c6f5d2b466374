import { describe, expect, test } from 'vitest';
import { FileLedger } from '../../main/core/file-ledger';

const facts = (i: number, finished: boolean) => ({
  roomId: 1000 + (i % 7),
  relativePath: `room/file-${i}.flv`,
  finished,
});

describe('FileLedger', () => {
  test('a file finishes once, whatever reports it again', () => {
    const ledger = new FileLedger();
    expect(ledger.record(facts(1, false)).justFinished).toBe(false);
    expect(ledger.record(facts(1, true)).justFinished).toBe(true);
    expect(ledger.record(facts(1, true)).justFinished).toBe(false);
    expect(ledger.record(facts(1, false)).file.finished).toBe(true);
  });

  test('holds the 10,000 files touched last (up to an eighth more), forgetting the oldest in batches', () => {
    const ledger = new FileLedger();
    const sizes: number[] = [];
    for (let i = 0; i < 25_000; i++) {
      ledger.record(facts(i, false));
      ledger.record(facts(i, true));
      sizes.push(ledger.size);
      if (i >= 10_000 && i % 5000 === 4999) {
        // The newest 10,000 are all still known: a late report of them is not a new finish.
        expect(ledger.record(facts(i - 9_999, true)).justFinished).toBe(false);
      }
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(11_250);
    expect(Math.min(...sizes.slice(11_250))).toBeGreaterThanOrEqual(10_000);
    expect(ledger.list().at(-1)).toMatchObject({ relativePath: 'room/file-15000.flv' });
  });
});
