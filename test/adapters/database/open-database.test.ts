import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { appliedVersions } from '../../../main/adapters/database/migrations';
import {
  DATABASE_FILE,
  DatabaseInUse,
  LOCK_FILE,
  openDatabase,
} from '../../../main/adapters/database/open-database';

let dir: string;
const open: Database.Database[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'open-database-'));
});

afterEach(async () => {
  for (const db of open.splice(0)) if (db.open) db.close();
  await rm(dir, { recursive: true, force: true });
});

function opened(options: Partial<Parameters<typeof openDatabase>[1]> = {}) {
  const result = openDatabase(dir, { migrations: APP_MIGRATIONS, now: () => 0, ...options });
  open.push(result.db, result.lock);
  return result;
}

/** Lets go of the folder as the app does: the connection, then the lock. */
function letGo({ db, lock }: { db: Database.Database; lock: Database.Database }) {
  db.close();
  lock.close();
}

describe('openDatabase', () => {
  test('a new database: WAL, synced by SQLite outside the group commit, never checkpointed here, locked, migrated, private', () => {
    const { db, path, replaced } = opened();
    expect(path).toBe(join(dir, DATABASE_FILE));
    expect(replaced).toBeUndefined();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    // Normal locking (the checkpoint worker's connection shares the file); the lock file keeps a
    // second copy out, and this connection never checkpoints (the worker does).
    expect(db.pragma('locking_mode', { simple: true })).toBe('normal');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2); // INCREMENTAL
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000); // 2 MB, SQLite's default
    expect(appliedVersions(db)).toEqual(APP_MIGRATIONS.map((m) => m.version));
    // Private, as the data folder's files were (the push outbox holds the targets' tokens);
    // Windows has no POSIX modes (stat says 0o666): the file's ACL is the user's folder's.
    db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)').run('written', 1);
    if (process.platform !== 'win32')
      for (const file of [path, `${path}-wal`]) expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a second opener of the same file is told it is in use, and the file is left alone', () => {
    const { db } = opened();
    db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)').run('kept', 7);
    expect(() => opened({ busyTimeoutMs: 50 })).toThrow(DatabaseInUse);
    expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toEqual([]);
    expect(db.prepare('SELECT value FROM marks WHERE name = ?').pluck().get('kept')).toBe(7);
  });

  test('a file that is not a database is moved aside and a fresh one made', () => {
    writeFileSync(join(dir, DATABASE_FILE), 'this is not SQLite, it is a text file'.repeat(50));
    const { db, replaced } = opened({ now: () => Date.UTC(2026, 10, 27, 12) });
    expect(replaced?.movedTo).toBe(join(dir, `${DATABASE_FILE}.damaged-2026-11-27T12-00-00-000Z`));
    expect(replaced?.reason).toMatch(/not a database/);
    expect(readFileSync(replaced!.movedTo, 'utf8')).toMatch(/^this is not SQLite/);
    expect(appliedVersions(db)).toEqual(APP_MIGRATIONS.map((m) => m.version));
  });

  test('damage inside a table is found by the check at start, and the file replaced', () => {
    const first = opened();
    const insert = first.db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)');
    for (let i = 0; i < 2_000; i += 1) insert.run(`mark-${i}`.padEnd(60, 'x'), i);
    letGo(first);
    const path = join(dir, DATABASE_FILE);
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    // Scribbles over the middle of the file (pages of the marks table), not over its header.
    bytes.fill(0x5a, pageSize * 3, pageSize * 5);
    writeFileSync(path, bytes);
    const reopened = opened();
    expect(reopened.replaced?.reason).toMatch(/damage|malformed|corrupt/i);
    expect(existsSync(reopened.replaced!.movedTo)).toBe(true);
    expect(reopened.db.prepare('SELECT count(*) FROM marks').pluck().get()).toBe(0);
  });

  test('a database written before opens as it was, its rows kept', () => {
    const first = opened();
    first.db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)').run('processed_through', 41);
    letGo(first);
    const again = opened();
    expect(again.replaced).toBeUndefined();
    expect(again.db.prepare('SELECT value FROM marks').pluck().get()).toBe(41);
  });
});

describe('temporary files', () => {
  test('a savepoint and a big delete inside a transaction spill no journal into a temporary file', async () => {
    // SQLite names its temporary files etilqs_* in SQLITE_TMPDIR, read at each file it makes;
    // they are unlinked as soon as made, so a watcher on the folder is what sees them.
    const tmp = join(dir, 'sqlite-tmp');
    mkdirSync(tmp);
    const before = process.env.SQLITE_TMPDIR;
    process.env.SQLITE_TMPDIR = tmp;
    const seen: string[] = [];
    const watcher = watch(tmp, (_, name) => seen.push(String(name)));
    try {
      const { db } = opened();
      db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, body BLOB NOT NULL)');
      const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run(Buffer.alloc(1024, i));
      })();
      // As the group commit runs a turn: BEGIN, a unit in a savepoint, a delete of a thousand rows.
      db.exec(
        'BEGIN IMMEDIATE; SAVEPOINT unit; DELETE FROM t WHERE n <= 1000; RELEASE unit; COMMIT',
      );
      // The watcher works: a file of our own is seen, after anything SQLite made.
      writeFileSync(join(tmp, 'control'), '');
      await expect.poll(() => seen).toContain('control');
      expect(seen.filter((name) => name.startsWith('etilqs_'))).toEqual([]);
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(1000);
    } finally {
      watcher.close();
      if (before === undefined) delete process.env.SQLITE_TMPDIR;
      else process.env.SQLITE_TMPDIR = before;
    }
  });
});
