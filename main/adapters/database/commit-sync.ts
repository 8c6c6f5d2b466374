import type Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import { CHECKPOINT_WAL_BYTES, CheckpointSchedule } from './checkpoint-schedule';
import { Checkpointer, checkpointWorkerFile, type CheckpointDone } from './checkpointer';
import { bundledNativeBinding } from './native-binding';
import type { OpenedDatabase } from './open-database';
import { WalFile, type SyncFile } from './wal-file';

/** The `synchronous` settings a commit runs with (https://www.sqlite.org/pragma.html#pragma_synchronous). */
export type Synchronous = 'FULL' | 'NORMAL' | 'OFF';

/** What the worker is started with, and how the WAL is synced. */
export interface CommitSyncOptions {
  /** better-sqlite3's compiled module for the worker; undefined: the bundle's. */
  nativeBinding?: string | undefined;
  /** The worker's wait for the writer lock and for readers (ms). */
  busyTimeoutMs?: number;
  /** node's `fdatasync` unless given (tests: one that fails as a disk's EIO does). */
  fdatasync?: SyncFile;
}

/**
 * How the database handle's commits reach the disk. Off this thread, as a rule: the COMMIT runs
 * with `synchronous = OFF` (it writes the WAL, no fsync), the WAL is then synced by `fdatasync` in
 * libuv's pool (wal-file.ts), and checkpoints run in a worker with its own connection, scheduled
 * by checkpoint-schedule.ts, which also says when a commit must sync the WAL's new header
 * (NORMAL). When the worker cannot run, "inline": FULL commits and SQLite's own checkpoints on
 * this thread, slower and as safe; the handle is told once (`observeInline`).
 */
export class CommitSync {
  readonly #options: CommitSyncOptions;
  /** The schedule's checkpoint ended: commits held meanwhile may go. */
  readonly #resumed: () => void;
  #inline = false;
  /** The connection attached last (undefined once closed). */
  #db: Database.Database | undefined;
  #wal: WalFile | undefined;
  #schedule: CheckpointSchedule | undefined;
  #checkpointObservers: ((done: CheckpointDone) => void)[] = [];
  #inlineObservers: ((why: string) => void)[] = [];

  constructor(options: CommitSyncOptions, resumed: () => void) {
    this.#options = options;
    this.#resumed = resumed;
  }

  /** A connection was opened (again): its WAL file, and the worker the first time. */
  attach(opened: OpenedDatabase): void {
    this.#db = opened.db;
    this.#schedule?.opened();
    // The WAL is cut back to this size whenever it starts over (here, when syncing inline).
    opened.db.pragma(`journal_size_limit = ${CHECKPOINT_WAL_BYTES}`);
    if (this.#inline) {
      // Opened again after a failure, with no worker: SQLite checkpoints here, as it used to.
      opened.db.pragma('wal_autocheckpoint = 1000');
      return;
    }
    try {
      this.#wal = WalFile.open(opened.path, this.#options.fdatasync);
      this.#schedule ??= new CheckpointSchedule(
        new Checkpointer(
          {
            path: opened.path,
            nativeBinding: this.#options.nativeBinding ?? bundledNativeBinding(import.meta.url),
            busyTimeoutMs: this.#options.busyTimeoutMs ?? 2_000,
            walLimitBytes: CHECKPOINT_WAL_BYTES,
          },
          checkpointWorkerFile(import.meta.url),
        ),
        {
          checkpointed: (done) => {
            for (const observer of this.#checkpointObservers) observer(done);
          },
          resumed: () => this.#resumed(),
          failed: (error) => this.#goInline(error),
        },
      );
    } catch (error) {
      this.#goInline(error);
    }
  }

  /** A checkpoint runs and holds the writer lock: a COMMIT now would wait for it on this thread. */
  get holding(): boolean {
    return !this.#inline && this.#schedule?.holding === true;
  }

  /**
   * The WAL file the next commit is synced through; undefined when SQLite syncs it itself
   * (inline, `synchronous = FULL`).
   */
  get wal(): WalFile | undefined {
    return this.#inline ? undefined : this.#wal;
  }

  /** The `synchronous` the next commit runs with. */
  synchronous(): Synchronous {
    if (this.wal === undefined) return 'FULL';
    // The WAL may start over at this commit: its new header is synced first.
    return this.#schedule?.mayRestart !== false ? 'NORMAL' : 'OFF';
  }

  /** A commit wrote the WAL (its sync under way): a checkpoint is due. */
  committed(): void {
    const wal = this.wal;
    if (wal !== undefined) this.#schedule?.committed(walBytes(wal));
  }

  /** The app is leaving: commits from now on are synced here and wait for no checkpoint. */
  leaving(): void {
    this.#inline = true;
  }

  /** Ends the worker and closes the WAL file (once its sync under way settled). */
  close(): void {
    this.#schedule?.close();
    this.#wal?.close();
    this.#wal = undefined;
    this.#db = undefined;
  }

  /** Calls `observer` after each checkpoint the worker ran (tests and benches). */
  observeCheckpoints(observer: (done: CheckpointDone) => void): void {
    this.#checkpointObservers.push(observer);
  }

  /** Calls `observer` with the reason when commits go back to syncing on this thread. */
  observeInline(observer: (why: string) => void): void {
    this.#inlineObservers.push(observer);
  }

  /** Back to syncing on this thread: FULL commits, SQLite's own checkpoints. */
  #goInline(why: unknown): void {
    this.#inline = true;
    this.#wal?.close();
    this.#wal = undefined;
    this.#schedule?.close();
    this.#db?.pragma('wal_autocheckpoint = 1000');
    for (const observer of this.#inlineObservers) observer(errorMessage(why));
  }
}

/** The WAL's size now; undefined when it cannot be read (the timer's checkpoint comes anyway). */
function walBytes(wal: WalFile): number | undefined {
  try {
    return wal.size();
  } catch {
    return undefined;
  }
}
