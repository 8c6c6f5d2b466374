import { join } from 'node:path';
import Database from 'better-sqlite3';

/** File name of the lock beside the database (a tiny SQLite file that holds no data). */
export const LOCK_FILE = 'recorder-tray.lock';

/**
 * Takes the data folder's lock: one copy of the app at a time. The database itself has two
 * connections now (the app's and the checkpoint worker's, checkpointer.ts), so its
 * `locking_mode = EXCLUSIVE` can no longer keep a second copy out; this second, empty SQLite file
 * is held with `locking_mode = EXCLUSIVE` and a write transaction instead, so its lock is kept
 * until the connection closes (https://www.sqlite.org/pragma.html#pragma_locking_mode). The lock
 * is the operating system's (fcntl on Linux and macOS, LockFileEx on Windows): it goes when the
 * process dies, so a restart right after a crash finds it free (a pid file would be left behind).
 * Throws SQLite's SQLITE_BUSY when another copy holds it (open-database.ts says DatabaseInUse).
 */
export function holdDatabaseLock(
  dataDir: string,
  options: { nativeBinding?: string | undefined; busyTimeoutMs: number },
): Database.Database {
  const lock = new Database(join(dataDir, LOCK_FILE), {
    timeout: options.busyTimeoutMs,
    ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // It holds no data: no rollback journal beside it.
    lock.pragma('journal_mode = OFF');
    // Takes the file's EXCLUSIVE lock now; in this locking mode it is never given back.
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
    return lock;
  } catch (error) {
    lock.close();
    throw error;
  }
}
