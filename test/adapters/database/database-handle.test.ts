import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pbkdf2 } from 'node:crypto';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import {
  CHECKPOINT_WAL_BYTES,
  type CheckpointDone,
} from '../../../main/adapters/database/wal-file';
import {
  DatabaseHandle,
  RECLAIM_FROM_PAGES,
  type CommitReport,
} from '../../../main/adapters/database/database-handle';
import { DatabaseInUse } from '../../../main/adapters/database/open-database';
import { DATABASE_FILE } from '../../../main/adapters/database/open-database';
import { failingSync } from '../../fakes/failing-sync';

let dir: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'database-handle-'));
  handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
});

afterEach(async () => {
  handle.close();
  await rm(dir, { recursive: true, force: true });
});

const setMark = (name: string, value: number) => () =>
  handle.statement('INSERT OR REPLACE INTO marks (name, value) VALUES (?, ?)').run(name, value)
    .changes;
const markOf = (name: string) =>
  handle.statement('SELECT value FROM marks WHERE name = ?').pluck().get(name);

describe('DatabaseHandle', () => {
  test('the work of one turn is one transaction, resolved only after its commit', async () => {
    const reports: CommitReport[] = [];
    handle.on('commit', (report) => reports.push(report));
    const first = handle.commit(setMark('a', 1));
    const second = handle.commit(setMark('b', 2));
    // Nothing ran yet: the turn has not ended.
    expect(markOf('a')).toBeUndefined();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ size: 2 });
    expect(reports[0]!.error).toBeUndefined();
    await handle.commit(setMark('c', 3));
    expect(reports.map((r) => r.size)).toEqual([2, 1]);
    expect([markOf('a'), markOf('b'), markOf('c')]).toEqual([1, 2, 3]);
  });

  test('one sync at a time: work that comes while a commit is being synced goes in the next commit, together', async () => {
    const reports: CommitReport[] = [];
    handle.on('commit', (report) => reports.push(report));
    // libuv's thread pool is kept busy, so the first commit's fdatasync waits in its queue.
    const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const busy = Array.from(
      { length: poolSize },
      () => new Promise((resolve) => pbkdf2('x', 'y', 200_000, 32, 'sha256', resolve)),
    );
    const first = handle.commit(setMark('a', 1));
    await new Promise((resolve) => setImmediate(resolve)); // committed; its sync is queued
    expect(markOf('a')).toBe(1);
    const later = [handle.commit(setMark('b', 2))];
    await new Promise((resolve) => setImmediate(resolve));
    later.push(handle.commit(setMark('c', 3))); // a turn later, the sync still waits
    await new Promise((resolve) => setImmediate(resolve));
    expect(markOf('b')).toBeUndefined(); // not committed while the sync is under way
    await Promise.all([first, ...later, ...busy]);
    expect(reports.map((r) => r.size)).toEqual([1, 2]);
    expect([markOf('a'), markOf('b'), markOf('c')]).toEqual([1, 2, 3]);
  });

  test('a mark asks for no sync of its own: a turn of marks only is not synced, one with synced work is', async () => {
    handle.close();
    const sync = failingSync();
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, fdatasync: sync.fdatasync });
    await handle.commit(setMark('first', 1)); // the WAL's descriptor is open from here on
    const before = sync.syncs.length;
    expect(await handle.commitUnsynced(setMark('shown', 1))).toBe(1);
    expect(markOf('shown')).toBe(1);
    expect(sync.syncs.length).toBe(before); // committed, and nothing synced
    const turn = [handle.commitUnsynced(setMark('sent', 2)), handle.commit(setMark('row', 3))];
    expect(await Promise.all(turn)).toEqual([1, 1]);
    expect(sync.syncs.slice(before)).toEqual(['ok']); // one sync carries both
    // A reopened file has every mark: the close checkpoints the WAL, unsynced frames included.
    handle.close();
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    expect([markOf('shown'), markOf('sent'), markOf('row')]).toEqual([1, 2, 3]);
  });

  test('the group commit runs with NORMAL, a write outside it with FULL, each set again only after the other', async () => {
    const synchronous = () => handle.connection()!.pragma('synchronous', { simple: true });
    expect(synchronous()).toBe(2); // FULL, as the open leaves it
    await handle.commit(setMark('a', 1));
    expect(synchronous()).toBe(1); // NORMAL: the WAL is synced by the handle
    await handle.commit(setMark('b', 2));
    expect(synchronous()).toBe(1);
    handle.synced()!.prepare("INSERT INTO marks (name, value) VALUES ('c', 3)").run();
    expect(synchronous()).toBe(2);
    await handle.commit(setMark('d', 4));
    expect(synchronous()).toBe(1);
    expect([markOf('a'), markOf('b'), markOf('c'), markOf('d')]).toEqual([1, 2, 3, 4]);
  });

  test('space is given back once many pages are free, and left for reuse while few are', async () => {
    const insert = (seq: number) => () =>
      handle
        .statement(
          'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
        )
        .run(seq, `id-${seq}`, 'webhook', Buffer.alloc(40_000, seq)).changes;
    const pragma = (name: string) => Number(handle.connection()!.pragma(name, { simple: true }));
    const deleteUpTo = (seq: number) => () =>
      handle.statement('DELETE FROM deliveries WHERE seq <= ?').run(seq).changes;
    const reclaimed = async () => {
      handle.reclaimSpace();
      await handle.commit(() => 0); // after the reclaim's unit
    };
    for (let seq = 1; seq <= 120; seq += 1) await handle.commit(insert(seq)); // ~1,200 pages
    await handle.commit(deleteUpTo(10)); // ~100 free: kept for the next inserts
    const few = pragma('freelist_count');
    expect(few).toBeGreaterThan(50);
    expect(few).toBeLessThan(RECLAIM_FROM_PAGES);
    await reclaimed();
    expect(pragma('freelist_count')).toBe(few);
    await handle.commit(deleteUpTo(120)); // all of it
    const pages = pragma('page_count');
    expect(pragma('freelist_count')).toBeGreaterThanOrEqual(RECLAIM_FROM_PAGES);
    await reclaimed();
    expect(pragma('freelist_count')).toBe(0);
    expect(pragma('page_count')).toBeLessThan(pages - RECLAIM_FROM_PAGES);
  });

  test('a unit that throws is rolled back alone; the others of its turn are kept', async () => {
    const results = await Promise.allSettled([
      handle.commit(setMark('kept', 1)),
      handle.commit(() => {
        setMark('undone', 2)();
        throw new Error('refused');
      }),
      handle.commit(setMark('also-kept', 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([markOf('kept'), markOf('undone'), markOf('also-kept')]).toEqual([1, undefined, 3]);
  });

  test('an error that makes SQLite roll back the whole transaction fails every unit of the turn', async () => {
    // SQLITE_FULL rolls the transaction back by itself (as a full disk does): the page limit
    // stands for the disk here; test/adapters/disk-trouble.test.ts has the real full tmpfs.
    const db = handle.connection()!;
    db.pragma(`max_page_count = ${String(db.pragma('page_count', { simple: true }))}`);
    const big = (name: string) => () =>
      handle
        .statement(
          'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
        )
        .run(Number(name.length), name, 'webhook', 'x'.repeat(200_000)).changes;
    const results = await Promise.allSettled([
      handle.commit(setMark('small', 1)),
      handle.commit(big('big')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(handle.trouble).toMatch(/full/);
    db.pragma('max_page_count = 1073741823');
    expect(markOf('small')).toBeUndefined();
    await expect(handle.commit(setMark('small', 1))).resolves.toBe(1);
    expect(handle.trouble).toBeUndefined();
  });

  test('a big WAL is checkpointed by the worker: copied, started over and cut back to its limit, nothing lost, commits go on', async () => {
    const checkpoints: CheckpointDone[] = [];
    const inline: string[] = [];
    handle.close();
    const checkpointed = (done: CheckpointDone) => checkpoints.push(done);
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, checkpointed });
    handle.on('inline', (why) => inline.push(why));
    const reports: CommitReport[] = [];
    handle.on('commit', (report) => reports.push(report));
    // Past the WAL size that asks for a checkpoint at once (4 MiB).
    const blob = (seq: number) => () =>
      handle
        .statement(
          'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
        )
        .run(seq, `big-${seq}`, 'webhook', Buffer.alloc(1_100_000, seq)).changes;
    for (let seq = 1; seq <= 4; seq += 1) await handle.commit(blob(seq));
    await vi.waitFor(() => expect(checkpoints.length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(inline).toEqual([]);
    expect(checkpoints[0]).toMatchObject({ restarted: true });
    expect(checkpoints[0]!.log).toBeGreaterThan(1000); // the 4.4 MB of blobs
    const walBytes = () => statSync(join(dir, `${DATABASE_FILE}-wal`)).size;
    expect(walBytes()).toBe(CHECKPOINT_WAL_BYTES);
    // Answered after the sync: the time to the answer includes the main thread's part.
    for (const report of reports) expect(report.answeredMs).toBeGreaterThanOrEqual(report.ms);
    await handle.commit(setMark('after', 5));
    expect(walBytes()).toBe(CHECKPOINT_WAL_BYTES); // written over in place, not grown
    handle.close();
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const count = handle.statement('SELECT count(*) FROM deliveries').pluck().get();
    expect([count, markOf('after')]).toEqual([4, 5]);
  });

  test('a commit that comes while the worker checkpoints waits for it, off this thread, and is kept', async () => {
    const order: string[] = [];
    handle.close();
    const checkpointed = () => order.push('checkpoint');
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, checkpointed });
    const path = join(dir, DATABASE_FILE);
    // A reader on an old snapshot keeps the worker's RESTART checkpoint waiting, the writer lock
    // held (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html), until it is let go below.
    const reader = new Database(path);
    const probe = new Database(path, { timeout: 0 });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM marks').pluck().get();
      const blob = (seq: number) => () =>
        handle
          .statement(
            'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
          )
          .run(seq, `big-${seq}`, 'webhook', Buffer.alloc(1_100_000, seq)).changes;
      for (let seq = 1; seq <= 4; seq += 1) await handle.commit(blob(seq)); // past 4 MiB: at once
      const writerLock = () => {
        try {
          probe.exec('BEGIN IMMEDIATE; ROLLBACK');
          return 'free';
        } catch (error) {
          return String(error);
        }
      };
      await vi.waitFor(() => expect(writerLock()).toMatch(/locked|busy/i));
      let outcome = 'waiting';
      const during = handle.commit(setMark('during', 1)).then(
        (changes) => ((outcome = 'kept'), order.push('commit'), changes),
        (error: unknown) => ((outcome = `failed: ${String(error)}`), 0),
      );
      // Turns pass: a COMMIT tried now on this thread would wait here for the lock and fail.
      for (let turn = 0; turn < 5; turn += 1) await new Promise((next) => setImmediate(next));
      expect(outcome).toBe('waiting');
      reader.exec('COMMIT');
      await expect(during).resolves.toBe(1);
      expect(order).toEqual(['checkpoint', 'commit']);
      expect(markOf('during')).toBe(1);
    } finally {
      if (reader.inTransaction) reader.exec('COMMIT');
      reader.close();
      probe.close();
    }
    handle.close();
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const count = handle.statement('SELECT count(*) FROM deliveries').pluck().get();
    expect([count, markOf('during')]).toEqual([4, 1]);
  });

  test('a second copy on the same folder is refused while the first holds it', () => {
    expect(() =>
      DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, busyTimeoutMs: 50 }),
    ).toThrow(DatabaseInUse);
  });

  test('after close, queued work is committed and a new copy can open the file', async () => {
    const queued = handle.commit(setMark('last', 9));
    handle.close();
    await expect(queued).resolves.toBe(1);
    await expect(handle.commit(setMark('late', 1))).rejects.toThrow(/closed/);
    handle = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    expect(markOf('last')).toBe(9);
  });

  test('a folder that cannot be opened: commits fail with the reason until it can', async () => {
    handle.close();
    const missing = join(dir, 'not-yet');
    handle = DatabaseHandle.open(missing, { migrations: APP_MIGRATIONS });
    expect(handle.trouble).toMatch(/cannot open the database/);
    await expect(handle.commit(setMark('a', 1))).rejects.toThrow(/cannot open the database/);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(missing);
    await expect(handle.commit(setMark('a', 1))).resolves.toBe(1);
    expect(handle.trouble).toBeUndefined();
  });
});
