import { describe, expect, test } from 'vitest';
import { rebuildEventLog } from '../../main/core/event-log-merge';
import type { EventLogEntry } from '../../shared/model';
import { makeEvent } from '../fakes/history-records';

/** An event received at `second` s; `kind` says how the event log came to hold it. */
function delivery(
  second: number,
  kind: 'accepted' | 'duplicate' | 'replay' | 'test' = 'accepted',
  id = second,
): EventLogEntry {
  return {
    ...makeEvent(id),
    seq: 100 + second, // what the file or counter said: numbered afresh
    receivedAt: second * 1000,
    source: kind === 'replay' ? 'replay' : kind === 'test' ? 'test' : 'webhook',
    duplicate: kind === 'duplicate',
  };
}
const shape = (log: ReturnType<typeof rebuildEventLog>) =>
  log.events.map(({ entry, journaled }) => [entry.seq, entry.receivedAt / 1000, journaled]);

describe('rebuildEventLog', () => {
  test('merges the journal and the file in arrival order and numbers the entries afresh', () => {
    const journal = [delivery(1), delivery(3), delivery(4, 'test'), delivery(7)];
    const file = [delivery(2, 'duplicate', 1), delivery(5, 'replay', 3), delivery(8, 'duplicate')];
    const log = rebuildEventLog(journal, file, 100);
    expect(shape(log)).toEqual([
      [1, 1, true],
      [2, 2, false],
      [3, 3, true],
      [4, 4, true],
      [5, 5, false],
      [6, 7, true],
      [7, 8, false],
    ]);
    expect(log.droppedFromFile).toBe(0);
    expect(log.events[1]!.entry).toMatchObject({ duplicate: true, eventId: makeEvent(1).eventId });
  });

  test('a duplicate received in the same millisecond follows the delivery it repeats', () => {
    const log = rebuildEventLog([delivery(5)], [delivery(5, 'duplicate')], 10);
    expect(log.events.map((e) => e.entry.duplicate)).toEqual([false, true]);
  });

  test('within one millisecond, a file entry goes where its journal seq says', () => {
    // A burst: A and B accepted, a duplicate of A answered between them, all in one millisecond.
    const a = { ...delivery(5, 'accepted', 1), seq: 41 };
    const b = { ...delivery(5, 'accepted', 2), seq: 42 };
    const duplicateOfA = { ...delivery(5, 'duplicate', 1), journalSeq: 41 };
    const log = rebuildEventLog([a, b], [duplicateOfA], 10);
    expect(log.events.map((e) => [e.entry.seq, e.entry.eventId, e.entry.duplicate])).toEqual([
      [1, a.eventId, false],
      [2, a.eventId, true],
      [3, b.eventId, false],
    ]);
    const beforeBoth = { ...duplicateOfA, journalSeq: 40 };
    expect(rebuildEventLog([a, b], [beforeBoth], 10).events.map((e) => e.journaled)).toEqual([
      false,
      true,
      true,
    ]);
  });

  test('a file entry placed by its journal seq stays in place when the clock stepped back', () => {
    const journal = [
      { ...delivery(50, 'accepted', 1), seq: 1 },
      { ...delivery(10, 'accepted', 2), seq: 2 }, // the clock was set back by 40 s
      { ...delivery(20, 'accepted', 3), seq: 3 },
    ];
    const duplicateOfB = { ...delivery(15, 'duplicate', 2), journalSeq: 2 };
    expect(shape(rebuildEventLog(journal, [duplicateOfB], 10))).toEqual([
      [1, 50, true],
      [2, 10, true],
      [3, 15, false],
      [4, 20, true],
    ]);
  });

  test('a journal seq the journal does not span (compacted past, or deleted) falls back to time', () => {
    const journal = [
      { ...delivery(100, 'accepted', 7), seq: 1 }, // a new journal: seqs start again
      { ...delivery(200, 'accepted', 8), seq: 2 },
    ];
    const old = { ...delivery(50, 'duplicate', 3), journalSeq: 900 };
    const between = { ...delivery(150, 'replay', 7), journalSeq: 901 };
    expect(shape(rebuildEventLog(journal, [old, between], 10))).toEqual([
      [1, 50, false],
      [2, 100, true],
      [3, 150, false],
      [4, 200, true],
    ]);
  });

  test('keeps only the newest `limit` entries, numbered from 1', () => {
    const journal = Array.from({ length: 6 }, (_, i) => delivery(i * 2));
    const file = Array.from({ length: 6 }, (_, i) => delivery(i * 2 + 1, 'duplicate', i * 2));
    expect(shape(rebuildEventLog(journal, file, 3))).toEqual([
      [1, 9, false],
      [2, 10, true],
      [3, 11, false],
    ]);
    expect(rebuildEventLog(journal, file, 0).events).toEqual([]);
  });

  test('accepted deliveries an earlier build also wrote to the file are taken from the journal once', () => {
    const journal = [delivery(3), delivery(4, 'test')];
    // Older accepted lines than the journal holds stay; the journal's own are dropped from the file.
    const file = [delivery(1), delivery(2, 'duplicate', 1), delivery(3), delivery(4, 'test')];
    const log = rebuildEventLog(journal, file, 100);
    expect(shape(log)).toEqual([
      [1, 1, false],
      [2, 2, false],
      [3, 3, true],
      [4, 4, true],
    ]);
    expect(log.droppedFromFile).toBe(2);
  });

  test('duplicates and replays of a journaled event are the file’s own, never dropped', () => {
    const log = rebuildEventLog(
      [delivery(1)],
      [delivery(2, 'duplicate', 1), delivery(3, 'replay', 1)],
      10,
    );
    expect(log.events).toHaveLength(3);
    expect(log.droppedFromFile).toBe(0);
  });

  test('the entries given are not changed', () => {
    const journal = [delivery(1)];
    rebuildEventLog(journal, [], 10);
    expect(journal[0]!.seq).toBe(101);
  });
});
