import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import {
  HistoryTables,
  type HistoryTableLimits,
} from '../../../main/adapters/database/history-tables';
import { OutboxTable } from '../../../main/adapters/database/outbox-table';
import { HISTORY_LIMITS } from '../../../shared/history';
import type { PushRecord } from '../../../shared/push';
import { makeFile, makeNotification } from '../../fakes/history-records';

let dir: string;
let database: DatabaseHandle;
const warnings: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'history-tables-'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  warnings.length = 0;
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

const open = (limits?: HistoryTableLimits) =>
  new HistoryTables(database, { limits, warn: (m) => warnings.push(m) });

/** A history of 30 files and notifications (rooms 100-102), committed. */
async function thirty(): Promise<HistoryTables> {
  const history = open();
  for (let i = 0; i < 30; i += 1) {
    history.addFile(makeFile(i));
    history.addNotification(makeNotification(i));
  }
  await history.flush();
  return history;
}

describe('HistoryTables queries (the window’s, as the in-memory lists answered them)', () => {
  test('newest N with offset pages through the list', async () => {
    const history = await thirty();
    const first = history.files({ limit: 10 });
    expect(first.total).toBe(30);
    expect(first.items.map((f) => f.finishedAt)).toEqual(
      [29, 28, 27, 26, 25, 24, 23, 22, 21, 20].map((n) => n * 1000),
    );
    expect(history.files({ limit: 10, offset: 10 }).items[0]?.finishedAt).toBe(19_000);
    expect(history.files({ limit: 10, offset: 25 }).items).toHaveLength(5);
    expect(history.files({ offset: 30 }).items).toEqual([]);
    expect(history.files().items[0]).toEqual(makeFile(29)); // whole, as recorded
  });

  test('by room, in both lists (a notification of several rooms is found by each)', async () => {
    const history = await thirty();
    const files = history.files({ roomId: 101 });
    expect(files.total).toBe(10);
    expect(files.items.every((f) => f.roomId === 101)).toBe(true);
    expect(history.notifications({ roomId: 102 }).total).toBe(10);
    const summary = makeNotification(99, {});
    summary.notification.roomIds = [7, 8];
    history.addNotification(summary);
    await history.flush();
    expect(history.notifications({ roomId: 8 }).items.map((n) => n.notification.id)).toEqual([
      'n-99',
    ]);
    expect(history.notifications({ roomId: 7 }).total).toBe(1);
  });

  test('case-insensitive words, all of them, over name, title, paths; title, body, action', async () => {
    const history = await thirty();
    expect(history.files({ text: 'STREAMER-7' }).items.map((f) => f.finishedAt)).toEqual([7000]);
    expect(history.files({ text: '歌回' }).total).toBe(30);
    expect(history.files({ text: 'file-0012.FLV' }).total).toBe(1);
    expect(history.files({ text: '/rec/' }).total).toBe(30); // resolvedPath
    expect(history.files({ text: '歌回 streamer-1' }).total).toBe(11); // streamer-1, -10 … -19
    expect(history.files({ text: '   ' }).total).toBe(30);
    expect(history.notifications({ text: 'STREAMER-3 开播' }).total).toBe(1);
    expect(history.notifications({ text: 'live.bilibili.com/101' }).total).toBe(10);
    // Beyond ASCII: JavaScript's case folding, not SQLite's (which folds ASCII only).
    history.addFile(makeFile(40, { name: 'ÉLODIE' }));
    await history.flush();
    expect(history.files({ text: 'élodie' }).total).toBe(1);
  });

  test('filters combine, and total counts every match', async () => {
    const history = await thirty();
    const page = history.files({ roomId: 100, text: 'streamer-2', limit: 1 });
    expect(page.total).toBe(3); // streamer-21, -24 and -27 are in room 100
    expect(page.items.map((f) => f.finishedAt)).toEqual([27_000]);
  });

  test('files of a day range by their own close time, else when the app heard of them', async () => {
    const history = open();
    const day = (n: number) => `2024-03-${String(n).padStart(2, '0')}T12:00:00+08:00`;
    for (let i = 0; i < 300; i += 1) history.addFile(makeFile(i, { closedAt: day(10) }));
    for (let i = 300; i < 900; i += 1) history.addFile(makeFile(i, { closedAt: day(12) }));
    await history.flush();
    const march10 = Date.parse('2024-03-10T00:00:00+08:00');
    const march11 = Date.parse('2024-03-11T00:00:00+08:00');
    const page = history.files({ recordedFrom: march10, recordedBefore: march11, limit: 50 });
    expect(page.total).toBe(300);
    expect(page.items.every((file) => file.closedAt === day(10))).toBe(true);
    history.addFile(makeFile(900, { closedAt: undefined, finishedAt: march10 + 1 }));
    await history.flush();
    expect(history.files({ recordedFrom: march10, recordedBefore: march11 }).total).toBe(301);
  });

  test('a span of notifications (a quiet hours digest’s), with the other filters', async () => {
    const history = open();
    for (let i = 0; i < 10; i += 1) history.addNotification(makeNotification(i));
    await history.flush();
    const span = history.notifications({ createdFrom: 3000, createdBefore: 6000 });
    expect(span.items.map((e) => e.notification.id)).toEqual(['n-5', 'n-4', 'n-3']);
    expect(span.total).toBe(3);
    await history.markRead('n-4');
    expect(
      history
        .notifications({ createdFrom: 3000, createdBefore: 6000, unreadOnly: true })
        .items.map((e) => e.notification.id),
    ).toEqual(['n-5', 'n-3']);
  });
});

describe('HistoryTables writes', () => {
  test('a duration read after the file was listed is kept in its row; none for a key not listed', async () => {
    const history = open();
    const { durationSeconds: _none, ...file } = makeFile(1, { key: 'j7:FileClosed' });
    history.addFile(file);
    // Queued behind the file's insert: it finds the row.
    expect(await history.setFileDuration('j7:FileClosed', 7.25)).toEqual({
      ...file,
      durationSeconds: 7.25,
    });
    expect(history.files().items).toEqual([{ ...file, durationSeconds: 7.25 }]);
    expect(await history.setFileDuration('j8:FileClosed', 1)).toBeUndefined();
  });

  test("a decision's effects are outbox rows of its own unit: one commit, read back at start", async () => {
    const outbox = new OutboxTable(database, (m) => warnings.push(m));
    const history = new HistoryTables(database, { outbox, warn: (m) => warnings.push(m) });
    const sizes: number[] = [];
    database.on('commit', (report) => sizes.push(report.size));
    const entry = makeNotification(1);
    entry.notification.key = 'j7:StreamStarted';
    const push = (target: string) => ({ kind: 'push' as const, target, payload: '{}' });
    const effects = [{ kind: 'popup' as const }, push('ntfy://a/t'), push('ntfy://b/t')];
    const kept = history.addNotification(entry, [], effects);
    if (!kept) throw new Error('not kept');
    const owed = await kept.committed;
    expect(sizes).toEqual([1]); // one unit, one commit: the decision and what it owes together
    expect(owed.map((e) => [e.kind, e.target, e.key])).toEqual([
      ['popup', undefined, 'j7:StreamStarted'],
      ['push', 'ntfy://a/t', 'j7:StreamStarted'],
      ['push', 'ntfy://b/t', 'j7:StreamStarted'],
    ]);
    expect(owed.every((e) => typeof e.id === 'number')).toBe(true);
    const stored = outbox.load();
    expect(stored.map((e) => e.id)).toEqual(owed.map((e) => e.id));
    expect(stored[0]!.entry?.notification.id).toBe('n-1'); // a popup comes back with its notification
    // A happening decided again (another key's row, the same happening pushed) is not pushed twice.
    const again = makeNotification(2);
    again.notification.key = 'j7:StreamStarted';
    const other = new HistoryTables(database, { outbox, warn: () => undefined });
    database.statement('DELETE FROM notifications').run();
    const second = other.addNotification(again, [], effects);
    if (!second) throw new Error('not kept');
    expect((await second.committed).map((e) => e.kind)).toEqual(['popup']);
  });

  test('mark one read, mark all read; the count is a query', async () => {
    const history = open();
    for (let i = 0; i < 5; i += 1) history.addNotification(makeNotification(i));
    expect(await history.markRead('n-2')).toBe(true);
    expect(await history.markRead('n-2')).toBe(false);
    expect(await history.markRead('nope')).toBe(false);
    expect(history.unreadCount()).toBe(4);
    expect(history.notifications({ unreadOnly: true }).total).toBe(4);
    expect(await history.markAllRead()).toBe(4);
    expect(history.unreadCount()).toBe(0);
    expect(await history.markAllRead()).toBe(0);
    expect(history.notificationById('n-2')?.read).toBe(true);
    expect(history.notificationById('nope')).toBeUndefined();
  });

  test('a key recorded (or on its way) is refused a second time, across a reopen', async () => {
    const history = open();
    const file = makeFile(1, { key: 'j1:FileClosed' });
    const committed = history.addFile(file);
    expect(committed).toBeInstanceOf(Promise);
    expect(history.addFile(file)).toBe(false); // not committed yet: still known
    expect(await committed).toBe(true); // once the row is readable (the window's files:changed cue)
    expect(history.files().items.map((f) => f.key)).toEqual(['j1:FileClosed']);
    const decided = makeNotification(1);
    decided.notification.key = 'j1:FileClosed';
    expect(history.addNotification(decided)).not.toBe(false);
    expect(history.addNotification(decided)).toBe(false);
    expect(history.hasDecision('j1:FileClosed')).toBe(true);
    await history.flush();
    const again = open();
    expect(again.hasFile('j1:FileClosed')).toBe(true);
    expect(again.hasFile('j2:FileClosed')).toBe(false);
    expect(again.addNotification(decided)).toBe(false);
    // Met by the insert in the turn's transaction: nothing written, and no cue.
    expect(await again.addFile(file)).toBe(false);
    expect(again.files().total).toBe(1);
  });

  test('push outcomes are kept with their notification, the newest per target', async () => {
    const history = open();
    history.addNotification(makeNotification(1));
    const failed: PushRecord = {
      target: 'ntfy://host/to***',
      status: 'failed',
      at: 2,
      attempts: 1,
      reason: 'serverError',
      detail: 'HTTP 503',
    };
    const sent: PushRecord = { target: 'ntfy://host/to***', status: 'sent', at: 3, attempts: 2 };
    const other: PushRecord = { target: 'schan://SC***', status: 'sent', at: 3, attempts: 1 };
    expect(await history.recordPush('n-1', failed)).toBe(true);
    expect(await history.recordPush('n-1', sent)).toBe(true);
    expect(await history.recordPush('n-1', other)).toBe(true);
    expect(await history.recordPush('gone', sent)).toBe(false);
    expect(open().notifications().items[0]!.push).toEqual([sent, other]);
  });

  test('an effect delivered is marked done (its row goes); a popup too old is recorded as missed', async () => {
    const outbox = new OutboxTable(database, (m) => warnings.push(m));
    const history = new HistoryTables(database, { outbox, warn: (m) => warnings.push(m) });
    const kept = history.addNotification(makeNotification(1), [], [{ kind: 'popup' }]);
    const stale = history.addNotification(makeNotification(3), [], [{ kind: 'popup' }]);
    if (!kept || !stale) throw new Error('not recorded');
    const [shown] = await kept.committed;
    await stale.committed;
    await outbox.done(shown!.id!);
    expect(outbox.load().map((e) => e.notificationId)).toEqual(['n-3']);
    const [owed] = outbox.load();
    await history.markMissed(owed!.notificationRow!);
    await outbox.done(owed!.id);
    expect(outbox.load()).toEqual([]);
    expect(history.notificationById('n-3')).toMatchObject({
      decision: { shown: false, reason: 'missed' },
      read: true,
    });
  });

  test('each list keeps its bound by count: the oldest rows go every few adds', async () => {
    const history = open({ files: 3, notifications: 4 });
    for (let i = 0; i < 300; i += 1) {
      history.addFile(makeFile(i));
      history.addNotification(makeNotification(i, { read: i % 2 === 0 }));
      if (i % 50 === 0) await history.flush();
    }
    await history.flush();
    const files = history.list('files');
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.length).toBeLessThanOrEqual(3 + 8);
    expect(history.files({ limit: 3 }).items.map((f) => f.finishedAt)).toEqual([
      299_000, 298_000, 297_000,
    ]);
    const count = (sql: string) => database.connection()!.prepare(sql).pluck().get() as number;
    expect(count('SELECT count(*) FROM notifications')).toBeLessThanOrEqual(4 + 8);
    // The rooms of deleted notifications go with them.
    expect(count('SELECT count(*) FROM notification_rooms')).toBe(
      count('SELECT count(*) FROM notifications'),
    );
    expect(history.notifications({ limit: 4 }).items.map((n) => n.notification.id)).toEqual([
      'n-299',
      'n-298',
      'n-297',
      'n-296',
    ]);
    expect(HISTORY_LIMITS).toMatchObject({ files: 1000, notifications: 1000 });
  });

  test('a row that does not read (damage the check missed) is left out, the rest is listed', async () => {
    const history = await thirty();
    database.connection()!.prepare("UPDATE files SET body = '{nope' WHERE row = 5").run();
    expect(history.files({ limit: 100 }).items).toHaveLength(29);
    expect(history.list('files')).toHaveLength(29);
  });
});
