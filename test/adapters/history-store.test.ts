import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { HistoryStore, type HistoryStoreOptions } from '../../main/adapters/history-store';
import { EventLogEntry } from '../../shared/model';
import { makeEvent } from '../fakes/history-records';

let dir: string;
let warnings: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'history-store-'));
  warnings = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (options: Partial<HistoryStoreOptions> = {}) =>
  HistoryStore.open({
    dir,
    onWarning: (message) => warnings.push(message),
    now: () => Date.UTC(2024, 2, 17, 12, 0, 0),
    ...options,
  });
const linesOf = async (name: string) =>
  (await readFile(path.join(dir, name), 'utf8')).split('\n').filter((line) => line !== '');

// The event log's file only: the Files list and the notifications are in the database
// (test/adapters/database/history-tables.test.ts).
describe('HistoryStore (the event log)', () => {
  test('round trip: events, numbered on', async () => {
    const store = await open();
    for (let i = 1; i <= 5; i += 1) store.addEvent(makeEvent(i));
    await store.close();
    const before = store.queries.snapshot();

    const reopened = await open();
    expect(reopened.queries.snapshot()).toEqual(before);
    expect(reopened.queries.lastEventSeq()).toBe(5);
    await reopened.close();
    expect(warnings).toEqual([]);
  });

  test('bounds hold in memory and on disk; compaction keeps the newest', async () => {
    const limits = { events: 100 };
    const store = await open({ limits });
    for (let i = 0; i < 2500; i += 1) store.addEvent(makeEvent(i));
    await store.close();
    expect((await linesOf('events.jsonl')).length).toBeLessThanOrEqual(200);
    expect(store.queries.sizes().events).toBe(100);

    const reopened = await open({ limits });
    expect(reopened.queries.sizes().events).toBe(100);
    expect(reopened.queries.events({ limit: 1 }).items[0]?.receivedAt).toBe(2499_000);
    expect(reopened.queries.snapshot().events[0]?.receivedAt).toBe(2400_000);
    expect(warnings).toEqual([]);
  });

  test('small bounds: the list is trimmed and numbered afresh', async () => {
    const limits = { events: 3 };
    const store = await open({ limits });
    for (let i = 0; i < 100; i += 1) store.addEvent(makeEvent(i));
    await store.close();
    const reopened = await open({ limits });
    expect(reopened.queries.sizes()).toEqual({ events: 3 });
    // The newest three, numbered afresh.
    expect(reopened.queries.events().items.map((e) => [e.seq, e.receivedAt])).toEqual([
      [3, 99_000],
      [2, 98_000],
      [1, 97_000],
    ]);
  });

  test('a corrupt file is set aside with a warning and what can be read is kept', async () => {
    const original = [
      JSON.stringify({ ...makeEvent(1), duplicate: true }),
      'this is not json',
      JSON.stringify({ ...makeEvent(2), duplicate: true }),
      JSON.stringify({ ...makeEvent(3), roomId: 'not a number' }),
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'events.jsonl'), original);

    const store = await open();
    expect(store.queries.events().items.map((e) => e.receivedAt)).toEqual([2000, 1000]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^history\/events: 2 unreadable line\(s\); kept 2 entries, the original is kept as .*events\.jsonl\.corrupt-2024-03-17T12-00-00-000Z$/,
    );
    expect(
      await readFile(path.join(dir, 'events.jsonl.corrupt-2024-03-17T12-00-00-000Z'), 'utf8'),
    ).toBe(original);
    // The file in place was rewritten clean.
    const clean = await linesOf('events.jsonl');
    expect(clean.map((line) => EventLogEntry.parse(JSON.parse(line)).receivedAt)).toEqual([
      1000, 2000,
    ]);
  });

  test('a file of binary garbage: set aside, the app starts with an empty list', async () => {
    await writeFile(
      path.join(dir, 'events.jsonl'),
      Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a, 0x80, 0x81]),
    );
    const store = await open();
    expect(store.queries.events().total).toBe(0);
    expect(warnings.join('\n')).toMatch(/history\/events: 1 unreadable line\(s\); kept 0 entries/);
    expect((await readdir(dir)).some((name) => name.startsWith('events.jsonl.corrupt-'))).toBe(
      true,
    );
    store.addEvent(makeEvent(1));
    await store.close();
    expect((await open()).queries.events().total).toBe(1);
  });

  test('a truncated last line is dropped, and the next append does not glue onto it', async () => {
    const whole = JSON.stringify(makeEvent(1));
    await writeFile(path.join(dir, 'events.jsonl'), `${whole}\n${whole.slice(0, 40)}`);
    const store = await open();
    expect(store.queries.events().total).toBe(1);
    expect(warnings).toEqual([
      expect.stringMatching(/^history\/events: ignored a truncated last line/),
    ]);
    expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(false);
    store.addEvent(makeEvent(2));
    await store.close();

    warnings = [];
    const reopened = await open();
    expect(reopened.queries.events().items.map((e) => e.seq)).toEqual([2, 1]);
    expect(warnings).toEqual([]);
  });

  test('a last line that is whole but lacks its newline is kept', async () => {
    await writeFile(path.join(dir, 'events.jsonl'), JSON.stringify(makeEvent(5)));
    const store = await open();
    expect(store.queries.events().total).toBe(1);
    store.addEvent(makeEvent(6));
    await store.close();
    expect((await open()).queries.events().total).toBe(2);
  });

  test('reopen after a simulated crash: half a line written, the process gone', async () => {
    const crashed = await open();
    for (let i = 0; i < 10; i += 1) crashed.addEvent(makeEvent(i));
    await crashed.flush(); // what reached the OS before the crash; no close()
    const next = JSON.stringify(makeEvent(10));
    await appendFile(path.join(dir, 'events.jsonl'), next.slice(0, Math.floor(next.length / 2)));
    // A crash during a compaction leaves a temp file; the real file is still the old one.
    await writeFile(path.join(dir, '.events.jsonl.0123456789ab.tmp'), '{"half":');

    const restarted = await open();
    expect(restarted.queries.events().total).toBe(10);
    expect(restarted.queries.lastEventSeq()).toBe(10); // numbered 1 to 10 as loaded
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    restarted.addEvent(makeEvent(10));
    await restarted.close();
    expect(
      (await open()).queries
        .events()
        .items.map((e) => e.receivedAt)
        .slice(0, 2),
    ).toEqual([10_000, 9000]);
  });

  test('accepted deliveries stay out of events.jsonl: the journal holds them, start-up merges both', async () => {
    const accepted = (i: number) => ({ ...makeEvent(i), receivedAt: i * 1000 });
    const duplicate = (i: number) => ({
      ...makeEvent(i),
      receivedAt: i * 1000 + 1,
      duplicate: true,
    });
    const store = await open();
    store.addJournaledEvent(accepted(1));
    store.addEvent(duplicate(1));
    store.addJournaledEvent(accepted(2));
    expect(store.queries.events().total).toBe(3);
    await store.close();
    expect((await linesOf('events.jsonl')).map((line) => JSON.parse(line).duplicate)).toEqual([
      true,
    ]);

    // The next start-up is handed the journal's deliveries and merges them with the file.
    const reopened = await open({ journaledEvents: [accepted(1), accepted(2)] });
    expect(
      reopened.queries
        .events()
        .items.map((e) => [e.seq, e.receivedAt, e.duplicate])
        .reverse(),
    ).toEqual([
      [1, 1000, false],
      [2, 1001, true],
      [3, 2000, false],
    ]);
    expect(reopened.queries.lastEventSeq()).toBe(3);
    expect(warnings).toEqual([]);
  });

  test('an event log written by an earlier build (accepted lines too) loses them to the journal once', async () => {
    const lines = [makeEvent(1), makeEvent(2), { ...makeEvent(2), seq: 3, duplicate: true }];
    await writeFile(
      path.join(dir, 'events.jsonl'),
      lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
    );
    // The journal was compacted past event 1: its line stays; event 2 comes from the journal.
    const store = await open({ journaledEvents: [makeEvent(2)] });
    expect(
      store.queries
        .events()
        .items.map((e) => [e.eventId, e.duplicate])
        .reverse(),
    ).toEqual([
      [makeEvent(1).eventId, false],
      [makeEvent(2).eventId, false],
      [makeEvent(2).eventId, true],
    ]);
    await store.close();
    expect((await linesOf('events.jsonl')).map((line) => JSON.parse(line).receivedAt)).toEqual([
      1000, 2000,
    ]);
    expect(warnings).toEqual([]);
  });

  test('a rewrite of events.jsonl (after a bad line) writes only what the journal does not hold', async () => {
    await writeFile(
      path.join(dir, 'events.jsonl'),
      `${JSON.stringify({ ...makeEvent(1), duplicate: true })}\nnot json\n`,
    );
    const store = await open({ journaledEvents: [makeEvent(2)] });
    expect(store.queries.events().total).toBe(2);
    await store.close();
    expect((await linesOf('events.jsonl')).map((line) => JSON.parse(line).duplicate)).toEqual([
      true,
    ]);
  });

  test('a history folder that cannot be created: warnings, no throw, memory still works', async () => {
    const blocked = path.join(dir, 'blocked');
    await writeFile(blocked, 'a file where the folder should be');
    const store = await open({ dir: path.join(blocked, 'history') });
    store.addEvent(makeEvent(1));
    store.addEvent(makeEvent(2));
    await store.close();
    expect(store.queries.events().total).toBe(2);
    expect(warnings.some((w) => w.includes('cannot create'))).toBe(true);
    expect(warnings.filter((w) => w.startsWith('history/events: cannot write'))).toHaveLength(1);
  });
});
