import { describe, expect, test } from 'vitest';
import { initialReadState } from '../../main/core/history';
import {
  HistoryFile,
  HistoryNotification,
  HistoryQuery,
  NotificationDecision,
} from '../../shared/history';
import { makeFile, makeNotification } from '../fakes/history-records';

// What is left of the history in the core: the read state a decision starts with, and the shared
// schemas. The lists themselves are database tables (test/adapters/database/history-tables.test.ts,
// event-log-table.test.ts).

describe('initial read state', () => {
  test.each<[NotificationDecision, boolean]>([
    [{ shown: true }, false],
    [{ shown: false, reason: 'paused' }, false],
    [{ shown: false, reason: 'muted' }, true],
    [{ shown: false, reason: 'disabled' }, true],
    [{ shown: false, reason: 'grouped', summaryId: 's-1' }, true],
    [{ shown: false, reason: 'flapping' }, true],
    [{ shown: false, reason: 'baseline' }, true],
  ])('initial read state of %j is %s', (decision, read) => {
    expect(initialReadState(decision)).toBe(read);
  });

  test('what quiet hours held starts unread ("what did I miss"); a quiet room\'s does not', () => {
    expect(initialReadState({ shown: false, reason: 'held' })).toBe(false);
    expect(initialReadState({ shown: false, reason: 'quietRoom' })).toBe(true);
  });
});

describe('shared history schemas', () => {
  test('the fake records are valid', () => {
    expect(HistoryFile.safeParse(makeFile(1)).success).toBe(true);
    expect(HistoryNotification.safeParse(makeNotification(1)).success).toBe(true);
  });

  test('a suppressed decision needs a known reason', () => {
    expect(NotificationDecision.safeParse({ shown: false, reason: 'bored' }).success).toBe(false);
    expect(
      NotificationDecision.safeParse({ shown: false, reason: 'grouped', summaryId: 'x' }).success,
    ).toBe(true);
  });

  test('the query applies defaults and refuses nonsense', () => {
    expect(HistoryQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(HistoryQuery.safeParse({ limit: 0 }).success).toBe(false);
    expect(HistoryQuery.safeParse({ offset: -1 }).success).toBe(false);
    expect(HistoryQuery.safeParse({ text: 'x'.repeat(201) }).success).toBe(false);
  });
});
