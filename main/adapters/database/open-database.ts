import { chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { errorCode, errorMessage } from '../../core/log-text';
import { runMigrations, type Migration } from './migrations';
import { bundledNativeBinding } from './native-binding';

/** File name of the database inside the data folder. */
export const DATABASE_FILE = 'recorder-tray.db';
/** File name of the data folder's lock: an empty SQLite file (see openDatabase). */
export const LOCK_FILE = 'recorder-tray.lock';

/** Another running copy of the app holds the database (one data folder, one copy). */
export class DatabaseInUse extends Error {
  constructor(path: string) {
    super(
      `the database ${path} is in use by another running copy of Recorder Tray ` +
        '(one data folder can be used by one copy at a time)',
    );
    this.name = 'DatabaseInUse';
  }
}

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

/** An open, checked database, migrated to the newest schema, and the folder's lock. */
export interface OpenedDatabase {
  db: Database.Database;
  lock: Database.Database;
  path: string;
  /** The damaged or unreadable file found at start, and where it was moved; undefined: none. */
  replaced?: { movedTo: string; reason: string };
}

/**
 * Opens the database in `dataDir`: the lock file first, a second SQLite file because the database
 * has two connections (the app's, the checkpoint worker's), so its own EXCLUSIVE mode cannot keep
 * a second copy out, and Node has no other lock that dies with the process (a pid file outlives a
 * crash); then WAL, `synchronous = FULL` outside the group commit (migrations, the old format's
 * import), never checkpointed here (the worker does), `auto_vacuum = INCREMENTAL` (for
 * reclaimSpace), and `quick_check`: a file that is not a database or fails it is moved aside
 * (`<name>.damaged-<time>`) and a fresh one made. Throws DatabaseInUse, or what SQLite said.
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
    // Held until closed (the operating system's lock): EXCLUSIVE locking mode, no journal.
    lock.exec('PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=OFF; BEGIN EXCLUSIVE; COMMIT');
    try {
      return { db: openChecked(connect(path), options), lock, path };
    } catch (error) {
      if (!/^SQLITE_(CORRUPT|NOTADB)/.test(errorCode(error) ?? '')) throw error;
      const replaced = { movedTo: moveAside(path, options.now), reason: errorMessage(error) };
      return { db: openChecked(connect(path), options), lock, path, replaced };
    }
  } catch (error) {
    lock.close();
    throw /^SQLITE_(BUSY|LOCKED)/.test(errorCode(error) ?? '') ? new DatabaseInUse(path) : error;
  }
}

function openChecked(db: Database.Database, options: OpenOptions): Database.Database {
  try {
    // Private like the rest of the data folder (the push outbox holds the targets' tokens); SQLite
    // gives its -wal the same mode. Windows has no POSIX modes.
    if (process.platform !== 'win32') chmodSync(db.name, 0o600);
    db.pragma('auto_vacuum = INCREMENTAL');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('wal_autocheckpoint = 0');
    // SQLite's temporary files in memory: the savepoints' and big deletes' journals spilled past
    // 64 KiB into files (etilqs_* in /var/tmp, made and unlinked at each prune); sorts and
    // temporary indexes go there too, over tables kept bounded (HISTORY_LIMITS, the dedupe window).
    // https://www.sqlite.org/tempfiles.html#statement_journal_files
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -2000'); // SQLite's 2 MB, not better-sqlite3's 16: it stays in RSS
    const check = db.prepare('PRAGMA quick_check').pluck().all() as string[];
    const damage = new Error(`the integrity check found damage: ${check.slice(0, 3).join('; ')}`);
    if (check.join() !== 'ok') throw Object.assign(damage, { code: 'SQLITE_CORRUPT' });
    runMigrations(db, options.migrations);
    // One synced write: the WAL's header is synced here, not at the first commit on the main
    // thread, and a copy from before the lock file (it locks the database itself) is found now.
    db.pragma(`application_id = ${Number(db.pragma('application_id', { simple: true }))}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Moves the database and its WAL aside under one time stamp; returns the new name. */
function moveAside(path: string, now = Date.now): string {
  const movedTo = `${path}.damaged-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  return movedTo;
}
