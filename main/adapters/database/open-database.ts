import { chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import { DatabaseDamaged, DatabaseInUse, isBusy, isDamage } from './database-errors';
import { holdDatabaseLock } from './database-lock';
import { runMigrations, type Migration } from './migrations';
import { bundledNativeBinding } from './native-binding';

/** File name of the database inside the data folder. */
export const DATABASE_FILE = 'recorder-tray.db';

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
  /** The data folder's lock (database-lock.ts): closed after `db`, when the app lets go. */
  lock: Database.Database;
  path: string;
  /** The damaged or unreadable file found at start, and where it was moved; undefined: none. */
  replaced?: { movedTo: string; reason: string };
}

/**
 * Opens the database in `dataDir` the way the app's promises need it:
 * - the data folder's lock first (database-lock.ts): one copy of the app at a time (a second
 *   headless process on the same folder: headless mode has no single-instance lock of its own)
 *   is told so (DatabaseInUse) instead of writing beside the first;
 * - WAL with `synchronous = FULL` for what runs outside the group commit (migrations, the legacy
 *   import); the group commit itself runs with OFF and syncs the WAL off the main thread
 *   (database-handle.ts);
 * - `wal_autocheckpoint = 0`: this connection never checkpoints (a checkpoint's fsyncs of the
 *   WAL and the database file would run on the main thread); the checkpoint worker does
 *   (checkpointer.ts), or, when it cannot run, the handle turns it back on;
 * - normal locking: the worker's connection shares the file, through the `-shm` index
 *   (https://www.sqlite.org/wal.html#concurrency);
 * - `auto_vacuum = INCREMENTAL` (it takes effect only on a new file): freed pages are given back
 *   by `PRAGMA incremental_vacuum` after the pruning deletes rows;
 * - `PRAGMA quick_check` at start; a file that is not a database or fails the check is moved aside
 *   (`<name>.damaged-<time>`, with its -wal) and a fresh one is made: the caller tells the user.
 * Throws DatabaseInUse when another copy holds it, and what SQLite said when the folder cannot be
 * written at all (the caller retries later: database-handle.ts).
 */
export function openDatabase(dataDir: string, options: OpenOptions): OpenedDatabase {
  const path = join(dataDir, DATABASE_FILE);
  const nativeBinding = options.nativeBinding ?? bundledNativeBinding(import.meta.url);
  const busyTimeoutMs = options.busyTimeoutMs ?? 2_000;
  let lock: Database.Database;
  try {
    lock = holdDatabaseLock(dataDir, { nativeBinding, busyTimeoutMs });
  } catch (error) {
    if (isBusy(error)) throw new DatabaseInUse(path);
    throw error;
  }
  try {
    try {
      return { db: openChecked(path, options), lock, path };
    } catch (error) {
      if (isBusy(error)) throw new DatabaseInUse(path);
      if (!isDamage(error)) throw error;
      const movedTo = moveAside(path, (options.now ?? Date.now)());
      return {
        db: openChecked(path, options),
        lock,
        path,
        replaced: { movedTo, reason: errorMessage(error) },
      };
    }
  } catch (error) {
    lock.close();
    throw error;
  }
}

function openChecked(path: string, options: OpenOptions): Database.Database {
  const nativeBinding = options.nativeBinding ?? bundledNativeBinding(import.meta.url);
  const db = new Database(path, {
    timeout: options.busyTimeoutMs ?? 2_000,
    ...(nativeBinding !== undefined ? { nativeBinding } : {}),
  });
  try {
    // Private like the rest of the data folder (the push outbox holds the targets' tokens):
    // SQLite gives its -wal the database file's permissions. Windows has no POSIX modes.
    if (process.platform !== 'win32') chmodSync(path, 0o600);
    db.pragma('auto_vacuum = INCREMENTAL');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('wal_autocheckpoint = 0');
    // SQLite's own default (2 MB) rather than better-sqlite3's 16 MB: the hot path reads one index
    // entry per webhook, and every megabyte of page cache stays in RSS for as long as the app runs
    // (the target: RSS after a flood within idle + 40 MB).
    db.pragma('cache_size = -2000');
    // A copy of the app from before the lock file holds the database itself (locking_mode =
    // EXCLUSIVE): found here, at once, rather than at the first webhook.
    db.exec('BEGIN IMMEDIATE; COMMIT');
    const check = db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    const findings = check.map((row) => row.quick_check);
    if (findings.length !== 1 || findings[0] !== 'ok')
      throw new DatabaseDamaged(findings.slice(0, 3).join('; '));
    runMigrations(db, options.migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Moves the database and its WAL aside under one time stamp; returns the new name. */
function moveAside(path: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const movedTo = `${path}.damaged-${stamp}`;
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  }
  return movedTo;
}
