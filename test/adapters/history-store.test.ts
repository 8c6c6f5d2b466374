import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { HistoryStore, type HistoryStoreOptions } from '../../main/adapters/history-store';
import { HistoryFile } from '../../shared/history';
import { makeFile, makeNotification } from '../fakes/history-records';

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
const notificationLine = (i: number) => JSON.stringify({ op: 'add', entry: makeNotification(i) });
const linesOf = async (name: string) =>
  (await readFile(path.join(dir, name), 'utf8')).split('\n').filter((line) => line !== '');

describe('HistoryStore', () => {
  test('round trip: files, notifications with read state', async () => {
    const store = await open();
    for (let i = 0; i < 3; i += 1) store.addFile(makeFile(i));
    for (let i = 0; i < 4; i += 1) store.addNotification(makeNotification(i));
    store.addNotification(
      makeNotification(4, {
        decision: { shown: false, reason: 'grouped', summaryId: 'n-3' },
        read: true,
      }),
    );
    expect(store.markRead('n-1')).toBe(true);
    await store.close();
    const before = store.queries.snapshot();

    const reopened = await open();
    expect(reopened.queries.snapshot()).toEqual(before);
    expect(reopened.queries.unreadCount()).toBe(3);
    expect(reopened.markAllRead()).toBe(3);
    await reopened.close();

    const third = await open();
    expect(third.queries.unreadCount()).toBe(0);
    expect(third.queries.notifications().items.every((entry) => entry.read)).toBe(true);
    expect(warnings).toEqual([]);
  });

  test('bounds hold in memory and on disk; compaction keeps the newest', async () => {
    const store = await open();
    for (let i = 0; i < 2500; i += 1) store.addFile(makeFile(i));
    await store.close();
    expect((await linesOf('files.jsonl')).length).toBeLessThanOrEqual(2000);
    expect(store.queries.sizes().files).toBe(1000);

    const reopened = await open();
    expect(reopened.queries.sizes().files).toBe(1000);
    expect(reopened.queries.files({ limit: 1 }).items[0]?.finishedAt).toBe(2499_000);
    expect(reopened.queries.snapshot().files[0]?.finishedAt).toBe(1500_000);
    expect(warnings).toEqual([]);
  });

  test('small bounds: every list is trimmed, read marks of dropped entries do no harm', async () => {
    const limits = { files: 3, notifications: 2, events: 1 };
    const store = await open({ limits });
    for (let i = 0; i < 100; i += 1) {
      store.addNotification(makeNotification(i));
      store.markRead(`n-${i}`);
      store.addFile(makeFile(i));
    }
    await store.close();
    expect((await linesOf('notifications.jsonl')).length).toBeLessThanOrEqual(2 + 64);
    const reopened = await open({ limits });
    expect(reopened.queries.sizes()).toEqual({ files: 3, notifications: 2 });
    expect(reopened.queries.unreadCount()).toBe(0);
    expect(reopened.queries.files().items.map((f) => f.finishedAt)).toEqual([
      99_000, 98_000, 97_000,
    ]);
  });

  test('compacted notifications keep their read state, whether marked before or after', async () => {
    const limits = { files: 1, notifications: 3, events: 1 };
    const store = await open({ limits });
    for (let i = 0; i < 200; i += 1) {
      store.addNotification(makeNotification(i));
      if (i % 3 === 0) store.markRead(`n-${i}`);
    }
    await store.close();
    expect((await linesOf('notifications.jsonl')).length).toBeLessThanOrEqual(3 + 64);
    const reopened = await open({ limits });
    expect(reopened.queries.notifications().items.map((n) => [n.notification.id, n.read])).toEqual([
      ['n-199', false],
      ['n-198', true],
      ['n-197', false],
    ]);
    expect(reopened.queries.unreadCount()).toBe(2);
  });

  test('a corrupt file is set aside with a warning and what can be read is kept', async () => {
    const original = [
      JSON.stringify(makeFile(1)),
      'this is not json',
      JSON.stringify(makeFile(2)),
      JSON.stringify({ ...makeFile(3), roomId: 'not a number' }),
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'files.jsonl'), original);
    await writeFile(path.join(dir, 'notifications.jsonl'), `${notificationLine(7)}\n`);

    const store = await open();
    expect(store.queries.files().items.map((f) => f.finishedAt)).toEqual([2000, 1000]);
    expect(store.queries.notifications().total).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^history\/files: 2 unreadable line\(s\); kept 2 entries, the original is kept as .*files\.jsonl\.corrupt-2024-03-17T12-00-00-000Z$/,
    );
    expect(
      await readFile(path.join(dir, 'files.jsonl.corrupt-2024-03-17T12-00-00-000Z'), 'utf8'),
    ).toBe(original);
    // The file in place was rewritten clean.
    const clean = await linesOf('files.jsonl');
    expect(clean.map((line) => HistoryFile.parse(JSON.parse(line)).finishedAt)).toEqual([
      1000, 2000,
    ]);
  });

  test('a file of binary garbage: set aside, the app starts with an empty list', async () => {
    await writeFile(
      path.join(dir, 'notifications.jsonl'),
      Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a, 0x80, 0x81]),
    );
    const store = await open();
    expect(store.queries.notifications().total).toBe(0);
    expect(warnings.join('\n')).toMatch(
      /history\/notifications: 1 unreadable line\(s\); kept 0 entries/,
    );
    expect(
      (await readdir(dir)).some((name) => name.startsWith('notifications.jsonl.corrupt-')),
    ).toBe(true);
    store.addNotification(makeNotification(1));
    await store.close();
    expect((await open()).queries.notifications().total).toBe(1);
  });

  test('a truncated last line is dropped, and the next append does not glue onto it', async () => {
    const whole = JSON.stringify(makeFile(1));
    await writeFile(path.join(dir, 'files.jsonl'), `${whole}\n${whole.slice(0, 40)}`);
    const store = await open();
    expect(store.queries.files().total).toBe(1);
    expect(warnings).toEqual([
      expect.stringMatching(/^history\/files: ignored a truncated last line/),
    ]);
    expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(false);
    store.addFile(makeFile(2));
    await store.close();

    warnings = [];
    const reopened = await open();
    expect(reopened.queries.files().items.map((f) => f.finishedAt)).toEqual([2000, 1000]);
    expect(warnings).toEqual([]);
  });

  test('a last line that is whole but lacks its newline is kept', async () => {
    await writeFile(path.join(dir, 'files.jsonl'), JSON.stringify(makeFile(5)));
    const store = await open();
    expect(store.queries.files().total).toBe(1);
    store.addFile(makeFile(6));
    await store.close();
    expect((await open()).queries.files().total).toBe(2);
  });

  test('reopen after a simulated crash: half a line written, the process gone', async () => {
    const crashed = await open();
    for (let i = 0; i < 10; i += 1) crashed.addFile(makeFile(i));
    crashed.addNotification(makeNotification(1));
    await crashed.flush(); // what reached the OS before the crash; no close()
    const next = JSON.stringify(makeFile(10));
    await appendFile(path.join(dir, 'files.jsonl'), next.slice(0, Math.floor(next.length / 2)));
    // A crash during a compaction leaves a temp file; the real file is still the old one.
    await writeFile(path.join(dir, '.files.jsonl.0123456789ab.tmp'), '{"half":');

    const restarted = await open();
    expect(restarted.queries.files().total).toBe(10);
    expect(restarted.queries.unreadCount()).toBe(1);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    restarted.addFile(makeFile(10));
    await restarted.close();
    expect(
      (await open()).queries
        .files()
        .items.map((f) => f.finishedAt)
        .slice(0, 2),
    ).toEqual([10_000, 9000]);
  });

  test('a history folder that cannot be created: warnings, no throw, memory still works', async () => {
    const blocked = path.join(dir, 'blocked');
    await writeFile(blocked, 'a file where the folder should be');
    const store = await open({ dir: path.join(blocked, 'history') });
    store.addFile(makeFile(1));
    store.addFile(makeFile(2));
    await store.close();
    expect(store.queries.files().total).toBe(2);
    expect(warnings.some((w) => w.includes('cannot create'))).toBe(true);
    expect(warnings.filter((w) => w.startsWith('history/files: cannot write'))).toHaveLength(1);
  });
});
