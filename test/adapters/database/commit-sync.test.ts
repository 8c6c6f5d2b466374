import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { CommitSync } from '../../../main/adapters/database/commit-sync';
import { openDatabase, type OpenedDatabase } from '../../../main/adapters/database/open-database';

let dir: string;
let opened: OpenedDatabase;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commit-sync-'));
  opened = openDatabase(dir, { migrations: APP_MIGRATIONS });
});

afterEach(async () => {
  opened.db.close();
  opened.lock.close();
  await rm(dir, { recursive: true, force: true });
});

/** Writes past CHECKPOINT_WAL_BYTES (4 MiB), so that a checkpoint is due at once. */
function fillTheWal(): void {
  opened.db.pragma('synchronous = OFF');
  const insert = opened.db.prepare(
    'INSERT INTO deliveries (seq, event_id, received_at, source, body) VALUES (?, ?, 0, ?, ?)',
  );
  for (let seq = 1; seq <= 4; seq += 1)
    insert.run(seq, `big-${seq}`, 'webhook', Buffer.alloc(1_100_000, seq));
}

describe('CommitSync', () => {
  test('as a rule no commit syncs on this thread: NORMAL only while the WAL may start over, then OFF, the WAL synced by a callback fdatasync (libuv’s pool) nothing here waits in', async () => {
    // The WAL's sync as node's fdatasync is called: handed a callback, it returns at once.
    const pending: ((error: NodeJS.ErrnoException | null) => void)[] = [];
    const sync = new CommitSync({ fdatasync: (_fd, done) => void pending.push(done) }, () => {});
    sync.attach(opened);
    try {
      expect(sync.synchronous()).toBe('NORMAL'); // a new WAL header is synced first
      sync.committed();
      expect(sync.synchronous()).toBe('OFF');
      let synced = false;
      const syncing = sync.wal!.sync().then(() => (synced = true));
      expect(pending).toHaveLength(1); // asked for, and this thread went on
      await Promise.resolve();
      expect(synced).toBe(false); // resolves only when the pool says the disk has it
      pending[0]!(null);
      await syncing;
      expect(synced).toBe(true);
      sync.leaving(); // the app is leaving: SQLite syncs here, no checkpoint is waited for
      expect([sync.wal, sync.synchronous(), sync.holding]).toEqual([undefined, 'FULL', false]);
    } finally {
      sync.close();
    }
  });

  test('a worker that cannot run: commits go back to FULL on this thread with SQLite’s own checkpoints, and the handle is told why', async () => {
    // The worker loads better-sqlite3 from here, and cannot.
    const sync = new CommitSync({ nativeBinding: join(dir, 'missing.node') }, () => {});
    const inline: string[] = [];
    sync.observeInline((why) => inline.push(why));
    sync.attach(opened);
    try {
      fillTheWal();
      sync.committed();
      await vi.waitFor(() => expect(inline).toHaveLength(1), { timeout: 20_000 });
      expect(inline[0]).not.toBe('');
      expect([sync.wal, sync.synchronous(), sync.holding]).toEqual([undefined, 'FULL', false]);
      expect(opened.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      sync.close();
    }
  });
});
