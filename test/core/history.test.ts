import { describe, expect, test } from 'vitest';
import { History, initialReadState } from '../../main/core/history';
import {
  HISTORY_LIMITS,
  HistoryFile,
  HistoryNotification,
  HistoryQuery,
  NotificationDecision,
} from '../../shared/history';
import { EventLogEntry } from '../../shared/model';
import { makeEvent, makeFile, makeNotification } from '../fakes/history-records';

// The event log only: the Files list and the notifications are in the database
// (test/adapters/database/history-tables.test.ts).
describe('History bounds', () => {
  test('keeps the newest 5,000 events', () => {
    const history = new History();
    for (let i = 0; i < 5300; i += 1) history.addEvent(makeEvent(i));
    expect(history.sizes()).toEqual({ events: HISTORY_LIMITS.events });
    expect(history.snapshot().events[0]?.seq).toBe(300);
    expect(history.lastEventSeq()).toBe(5299);
  });
});

describe('History events as held', () => {
  test('an event with every field of the schema set comes back whole', () => {
    const sample: Record<string, unknown> = {
      seq: 3,
      receivedAt: 1_700_000_000_000,
      source: 'webhook',
      eventType: 'FileClosed',
      eventId: 'e-3',
      roomId: 23058,
      duplicate: true,
      userAgent: 'BililiveRecorder/2.11.1',
      journalSeq: 41,
      body: { EventType: 'FileClosed', EventData: { Name: '露露' } },
    };
    // A field added to the schema must be added here, and so to the copy the history makes.
    expect(Object.keys(sample).sort()).toEqual(Object.keys(EventLogEntry.shape).sort());
    const event = EventLogEntry.parse(sample);
    const history = new History();
    history.addEvent(event);
    expect(history.events().items).toEqual([event]);
    expect(history.eventBySeq(3)).toEqual(event);
  });
});

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

describe('History queries', () => {
  const history = new History();
  for (let i = 0; i < 30; i += 1) history.addEvent(makeEvent(i));

  test('by room and by text', () => {
    expect(history.events({ roomId: 100, limit: 3 }).items.map((e) => e.seq)).toEqual([27, 24, 21]);
    expect(history.events({ text: 'file-0005' }).items.map((e) => e.seq)).toEqual([5]); // inside the body
    expect(history.events({ text: 'filecLOSED' }).total).toBe(30);
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

  test('an event with an unserialisable body is still kept and findable by type', () => {
    const history = new History();
    const body: Record<string, unknown> = {};
    body.self = body;
    const event: EventLogEntry = { ...makeEvent(1), body };
    history.addEvent(event);
    expect(history.events({ text: 'fileclosed' }).total).toBe(1);
  });
});

describe('History event bodies', () => {
  test('a body is held as its JSON text: later changes to the object do not reach the history', () => {
    const history = new History();
    const event = makeEvent(1);
    history.addEvent(event);
    (event.body as { EventType: string }).EventType = 'changed';
    expect(history.events().items[0]?.body).toEqual(makeEvent(1).body);
    expect(history.eventBySeq(1)?.body).toEqual(makeEvent(1).body);
  });

  test('the text as received is what the page shows, whitespace and all', () => {
    const history = new History();
    const text = '{ "EventType": "FileClosed",\n  "EventData": { "RoomId": 101, "Name": "露露" } }';
    history.addEvent({ ...makeEvent(1), body: JSON.parse(text) }, text);
    expect(history.events().items[0]?.body).toEqual({
      EventType: 'FileClosed',
      EventData: { RoomId: 101, Name: '露露' },
    });
    expect(history.events({ text: '露露' }).total).toBe(1);
  });

  test('characters the recorder sent as \\u escapes are found by the characters', () => {
    const history = new History();
    const text = '{"EventType":"FileClosed","EventData":{"RoomId":101,"Name":"\\u9732\\u9732"}}';
    history.addEvent({ ...makeEvent(1), body: JSON.parse(text) }, text);
    expect(history.events({ text: '露露' }).total).toBe(1);
    expect(history.events({ text: 'u9732' }).total).toBe(0);
  });
});

describe('History lists far past their bound', () => {
  test('after thousands of adds the event log holds the newest, in order', () => {
    const history = new History({ events: 5 });
    for (let i = 0; i < 3000; i += 1) history.addEvent(makeEvent(i));
    expect(history.sizes()).toEqual({ events: 5 });
    expect(history.events({ offset: 1, limit: 2 }).items.map((e) => e.seq)).toEqual([2998, 2997]);
    expect(history.snapshot().events.map((e) => e.seq)).toEqual([2995, 2996, 2997, 2998, 2999]);
    expect(history.eventBySeq(2994)).toBeUndefined();
    expect(history.eventBySeq(2995)?.seq).toBe(2995);
    expect(history.lastEventSeq()).toBe(2999);
  });
});
