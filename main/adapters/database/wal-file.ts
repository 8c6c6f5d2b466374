import { close, closeSync, fdatasync, fstatSync, openSync, type NoParamCallback } from 'node:fs';

/** How a descriptor is synced: node's `fdatasync` (a test gives one that fails as a disk's EIO does). */
export type SyncFile = (fd: number, callback: NoParamCallback) => void;

/**
 * The app's own descriptor of the database's `-wal` file, to sync it off the main thread:
 * `fdatasync` runs in libuv's thread pool, and syncs the file (every write to it, by any
 * descriptor: fsync(2) works on the file, not the descriptor; FlushFileBuffers on Windows
 * likewise flushes the file). The descriptor is never one of the database file or its `-shm`:
 * closing a descriptor drops the process's POSIX locks on that file, SQLite's included
 * (https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_);
 * SQLite keeps no lock on the WAL. Closed only once no sync is under way.
 */
export class WalFile {
  readonly #fd: number;
  readonly #fdatasync: SyncFile;
  #syncing = 0;
  #closing = false;

  private constructor(fd: number, sync: SyncFile) {
    this.#fd = fd;
    this.#fdatasync = sync;
  }

  /** Opens `<database>-wal` (there once a connection in WAL mode has read the database). */
  static open(databasePath: string, sync: SyncFile = fdatasync): WalFile {
    return new WalFile(openSync(`${databasePath}-wal`, 'r+'), sync);
  }

  /** Syncs every write made to the WAL so far; resolves once they are on the disk. */
  sync(): Promise<void> {
    // A closed descriptor's number may be reused by now, by SQLite's own files among others.
    if (this.#closing) return Promise.reject(new Error('the WAL file is closed'));
    this.#syncing += 1;
    return new Promise<void>((resolve, reject) => {
      this.#fdatasync(this.#fd, (error) => {
        this.#syncing -= 1;
        if (this.#closing && this.#syncing === 0) close(this.#fd, () => {});
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** The WAL's size in bytes (a checkpoint is due when it grows). */
  size(): number {
    return fstatSync(this.#fd).size;
  }

  /** Closes the descriptor now, or after the syncs under way. */
  close(): void {
    if (this.#closing) return;
    this.#closing = true;
    if (this.#syncing === 0) closeSync(this.#fd);
  }
}
