import { chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { errorCode, errorMessage } from '../../core/log-text';
import { DatabaseInUse } from './database-errors';
import { runMigrations, type Migration } from './migrations';
import { bundledNativeBinding } from './native-binding';

/** File name of the database inside the data folder. */
export const DATABASE_FILE = 'recorder-tray.db';
/** File name of the data folder's lock: an empty SQLite file (see openDatabase). */
export const LOCK_FILE = 'recorder-tray.lock';

/** How to open the database. */
export interface OpenOptions {
  /** The schema's numbered steps (app-migrations.ts for the app). */
  migrations: readonly Migration[];
  /** better-sqlite3's compiled module; undefined: the bundle's (native-binding.ts) or found by itself. */
  nativeBinding?: string | undefined;
  /** Names the moved-aside copy of a damaged file. */
  now?: () => number;
  /** How long to wait for another connection's lock before calling it in use (ms). */
  busyTimeoutMs?: number;
}

/** An open, checked database, migrated to the newest schema. */
export interface OpenedDatabase {
  db: Database.Database;
  /** The data folder's lock: closed after `db`, when the app lets go. */
  lock: Database.Database;
  path: string;
  /** The damaged or unreadable file found at start, and where it was moved; undefined: none. */
  replaced?: { movedTo: string; reason: string };
}

/**
 * Opens the database in `dataDir` the way the app's promises need it:
 * - the lock file first, held with `locking_mode = EXCLUSIVE`: the database has two connections
 *   (the app's, the checkpoint worker's), so its own EXCLUSIVE mode cannot keep a second copy out.
 *   It is SQLite's (the operating system's) lock, gone with the process, where a pid file would
 *   be left behind by a crash; a second copy (headless mode has no single-instance lock) is told
 *   DatabaseInUse;
 * - WAL; `synchronous = FULL` for what runs outside the group commit (migrations, the old format's
 *   import); never checkpointed by this connection (the worker does: wal-file.ts);
 * - `auto_vacuum = INCREMENTAL` (a new file only): the handle's reclaimSpace gives pages back;
 * - `PRAGMA quick_check`: a file that is not a database or fails it is moved aside
 *   (`<name>.damaged-<time>`, with its -wal) and a fresh one made: the caller tells the user.
 * Throws DatabaseInUse, or what SQLite said when the folder cannot be written (the handle retries).
 */
export function openDatabase(dataDir: string, options: OpenOptions): OpenedDatabase {
  const path = join(dataDir, DATABASE_FILE);
  const connect = (file: string) =>
    new Database(file, {
      timeout: options.busyTimeoutMs ?? 2_000,
      nativeBinding: options.nativeBinding ?? bundledNativeBinding(import.meta.url),
    });
  const lock = connect(join(dataDir, LOCK_FILE));
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.pragma('journal_mode = OFF'); // it holds no data
    lock.exec('BEGIN EXCLUSIVE; COMMIT'); // takes the lock, never given back in this mode
    try {
      return { db: openChecked(connect(path), options), lock, path };
    } catch (error) {
      // Not a database, or one with damage (not a lock another holds): moved aside, made anew.
      if (!/^SQLITE_(CORRUPT|NOTADB)/.test(errorCode(error) ?? '')) throw error;
      const movedTo = moveAside(path, (options.now ?? Date.now)());
      const replaced = { movedTo, reason: errorMessage(error) };
      return { db: openChecked(connect(path), options), lock, path, replaced };
    }
  } catch (error) {
    lock.close();
    throw /^SQLITE_(BUSY|LOCKED)/.test(errorCode(error) ?? '') ? new DatabaseInUse(path) : error;
  }
}

function openChecked(db: Database.Database, options: OpenOptions): Database.Database {
  try {
    // Private like the rest of the data folder (the push outbox holds the targets' tokens):
    // SQLite gives its -wal the database file's permissions. Windows has no POSIX modes.
    if (process.platform !== 'win32') chmodSync(db.name, 0o600);
    db.pragma('auto_vacuum = INCREMENTAL');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('wal_autocheckpoint = 0');
    // SQLite's default (2 MB), not better-sqlite3's 16 MB: the page cache stays in RSS.
    db.pragma('cache_size = -2000');
    const findings = (db.pragma('quick_check') as { quick_check: string }[]).map(
      (row) => row.quick_check,
    );
    if (findings.join() !== 'ok')
      throw Object.assign(
        new Error(`the integrity check found damage: ${findings.slice(0, 3).join('; ')}`),
        { code: 'SQLITE_CORRUPT' },
      );
    runMigrations(db, options.migrations);
    // One synced write now: the WAL gets a synced header here, not at the first commit on the
    // main thread (https://sqlite.org/src/info/ff5be73dee); and a copy of the app from before
    // the lock file, which holds the database itself, is found now.
    db.pragma(`application_id = ${Number(db.pragma('application_id', { simple: true }))}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Moves the database and its WAL aside under one time stamp; returns the new name. */
function moveAside(path: string, now: number): string {
  const movedTo = `${path}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  }
  return movedTo;
}
