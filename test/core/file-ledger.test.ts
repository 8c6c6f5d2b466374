import { describe, expect, test } from 'vitest';
import { FILES_KEPT, FileLedger } from '../../main/core/file-ledger';

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

  test('holds the files touched last (up to an eighth more), forgetting the oldest in batches', () => {
    const ledger = new FileLedger();
    const sizes: number[] = [];
    const total = FILES_KEPT * 2.5;
    for (let i = 0; i < total; i++) {
      ledger.record(facts(i, false));
      ledger.record(facts(i, true));
      sizes.push(ledger.size);
      if (i >= FILES_KEPT && i % (FILES_KEPT / 2) === FILES_KEPT / 2 - 1) {
        // The newest are all still known: a late report of them is not a new finish.
        expect(ledger.record(facts(i - FILES_KEPT + 1, true)).justFinished).toBe(false);
      }
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(FILES_KEPT * 1.125);
    expect(Math.min(...sizes.slice(FILES_KEPT * 1.125))).toBeGreaterThanOrEqual(FILES_KEPT);
    expect(ledger.list().at(-1)).toMatchObject({
      relativePath: `room/file-${total - FILES_KEPT}.flv`,
    });
  });

  test('forgets sessions like files: an old session may start again, a recent one may not', () => {
    const ledger = new FileLedger();
    for (let i = 0; i < FILES_KEPT * 2; i++) {
      expect(ledger.startSession(`s-${i}`)).toBe(true);
      expect(ledger.endSession(`s-${i}`)).toBe(true);
    }
    expect(ledger.startSession(`s-${FILES_KEPT * 2 - 1}`)).toBe(false);
    expect(ledger.isSessionEnded(`s-${FILES_KEPT * 2 - 1}`)).toBe(true);
    expect(ledger.isSessionEnded('s-0')).toBe(false);
  });
});
