import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { openDatabase, type OpenedDatabase } from '../../../main/adapters/database/open-database';
import {
  CHECKPOINT_WAL_BYTES,
  WalFile,
  type CheckpointDone,
} from '../../../main/adapters/database/wal-file';

let dir: string;
let opened: OpenedDatabase;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wal-file-'));
  opened = openDatabase(dir, { migrations: APP_MIGRATIONS });
});

afterEach(async () => {
  opened.db.close();
  opened.lock.close();
  await rm(dir, { recursive: true, force: true });
});

let seq = 0;
/** Writes `megabytes` of rows through the app's connection, as group commits do (NORMAL). */
function write(megabytes: number): void {
  opened.db.pragma('synchronous = NORMAL');
  const insert = opened.db.prepare(
    'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
  );
  for (const end = seq + megabytes; seq < end;) {
    seq += 1;
    insert.run(seq, `big-${seq}`, 'webhook', Buffer.alloc(1_000_000, seq));
  }
}

const framesLeft = () => (opened.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;

describe('WalFile', () => {
  test('a sync is handed to fdatasync with a callback and resolves only when it is called back', async () => {
    const pending: ((error: NodeJS.ErrnoException | null) => void)[] = [];
    const wal = new WalFile(opened.db, opened.path, {
      fdatasync: (_fd, done) => pending.push(done),
    });
    try {
      let synced = false;
      const syncing = wal.sync().then(() => (synced = true));
      expect(pending).toHaveLength(1); // asked for, and this thread went on
      await new Promise((resolve) => setImmediate(resolve));
      expect(synced).toBe(false);
      pending[0]!(null);
      await syncing;
      expect(synced).toBe(true);
      const failing = wal.sync();
      pending[1]!(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
      await expect(failing).rejects.toThrow(/EIO/);
    } finally {
      wal.close();
    }
  });

  test('a checkpoint is due only once the WAL grew past its limit', () => {
    const wal = new WalFile(opened.db, opened.path, {});
    try {
      write(1);
      wal.committed();
      expect(wal.due).toBe(false);
      write(4);
      expect(statSync(`${opened.path}-wal`).size).toBeGreaterThan(CHECKPOINT_WAL_BYTES);
      wal.committed();
      expect(wal.due).toBe(true);
    } finally {
      wal.close();
    }
  });

  test('a worker that cannot run: the checkpoint runs on this thread instead, the reason told once', async () => {
    const inline: string[] = [];
    // The worker loads better-sqlite3 from here, and cannot.
    const wal = new WalFile(opened.db, opened.path, {
      nativeBinding: join(dir, 'missing.node'),
      inline: (why) => inline.push(why),
    });
    try {
      write(5);
      wal.committed();
      await wal.checkpoint();
      expect(wal.due).toBe(false);
      expect(inline).toHaveLength(1);
      expect(inline[0]).toMatch(/missing\.node|Cannot find|ended/);
      write(5);
      await wal.checkpoint();
      expect(inline).toHaveLength(1); // not tried again
      // Everything was copied: the WAL starts over at the next commit.
      opened.db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)').run('after', 1);
      expect(framesLeft()).toBeLessThan(5);
      expect(opened.db.prepare('SELECT count(*) FROM deliveries').pluck().get()).toBe(10);
    } finally {
      wal.close();
    }
  });

  test('the worker checkpoints and starts the WAL over; let go when idle, the next checkpoint starts another', async () => {
    const done: CheckpointDone[] = [];
    const inline: string[] = [];
    const wal = new WalFile(opened.db, opened.path, {
      checkpointed: (checkpoint) => done.push(checkpoint),
      inline: (why) => inline.push(why),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      write(1);
      await wal.checkpoint();
      vi.advanceTimersByTime(10_000); // idle: the worker is told to end
      write(1);
      await wal.checkpoint();
      expect(done.map((checkpoint) => checkpoint.restarted)).toEqual([true, true]);
      expect(inline).toEqual([]);
      expect(framesLeft()).toBe(1); // the second worker's own page, nothing else left
    } finally {
      vi.useRealTimers();
      wal.close();
    }
  });
});
