import type Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import type { CheckpointDone } from './checkpointer';
import { CommitSync, type CommitSyncOptions, type Synchronous } from './commit-sync';
import { DatabaseInUse } from './database-errors';
import { openDatabase, type OpenedDatabase, type OpenOptions } from './open-database';
import {
  runBatch,
  transactionStatements,
  type Outcome,
  type Queued,
  type TransactionStatements,
} from './run-batch';

/** A unit of work run inside the turn's transaction; its result resolves `commit` once synced. */
export type Work<T> = (db: Database.Database) => T;

/** What one group commit did (for benches and the log). */
export interface CommitReport {
  /** How long the main thread was held: BEGIN to COMMIT (ms). */
  ms: number;
  /** BEGIN to the answer: the COMMIT and the sync of the WAL after it (ms). */
  answeredMs: number;
  /** Units of work in it. */
  size: number;
  /** Undefined when it committed. */
  error?: unknown;
}

/** How the handle opens its database, and how it syncs the WAL (commit-sync.ts). */
export interface HandleOptions extends OpenOptions, CommitSyncOptions {}

/** Free pages (of 4 KiB) a file may hold before reclaimSpace gives them back: 4 MiB. */
export const RECLAIM_FROM_PAGES = 1024;

/**
 * The app's database connection with its group commit. Work handed to `commit` runs in one
 * transaction at the end of the turn, each unit in a savepoint of its own (one that throws is
 * rolled back alone and rejects alone), and every promise resolves only once its transaction is
 * on the disk. One sync at a time: work that comes while the last commit's WAL is being synced
 * waits for it and goes in the next commit together, so a burst costs few commits and syncs (as a
 * database's group commit does); when nothing is being synced, a turn's work commits at once.
 * The main thread holds only the transaction: the COMMIT writes the WAL, which is then synced off
 * this thread, and the turn resolves after that: "answered means on disk" holds as with FULL,
 * without a disk's sync on the thread that drives the window (commit-sync.ts, with the
 * checkpoints in a worker, and how commits go when it cannot run).
 * A failed commit or sync (full disk, read-only folder) rejects the whole turn and sets
 * `trouble`; the next turn simply tries again, so the app recovers by itself once the disk does. A
 * folder that could not be written at start leaves the handle without a connection: each commit
 * tries to open it again, failing (5xx at the listener) until it can. Writes made outside
 * `commit`, on `synced()`, are synced by SQLite (FULL) on this thread, as before.
 */
export class DatabaseHandle {
  readonly #dataDir: string;
  readonly #options: HandleOptions;
  #db: Database.Database | undefined;
  #lock: Database.Database | undefined;
  readonly #sync: CommitSync;
  /** A commit's WAL sync is under way: what comes meanwhile waits to go in the next commit. */
  #syncing = false;
  #statements = new Map<string, Database.Statement>();
  #transaction: TransactionStatements | undefined;
  /** The connection's `synchronous` now: set only when a commit needs another. */
  #synchronous: Synchronous = 'FULL';
  #queue: Queued[] = [];
  #closed = false;
  #observers: ((report: CommitReport) => void)[] = [];
  /** What the start found and replaced (a damaged file moved aside); undefined: nothing. */
  readonly replaced: OpenedDatabase['replaced'];
  #trouble: string | undefined;
  #troubleObservers: ((trouble: string | undefined) => void)[] = [];

  private constructor(dataDir: string, options: HandleOptions, opened: OpenedDatabase | undefined) {
    this.#dataDir = dataDir;
    this.#options = options;
    this.#sync = new CommitSync(options, () => this.#flushSoon());
    if (opened !== undefined) this.#attach(opened);
    this.replaced = opened?.replaced;
  }

  /**
   * Opens the database in `dataDir` (open-database.ts). Throws DatabaseInUse when another copy of
   * the app holds it; any other failure to open leaves a handle that tries again at each commit.
   */
  static open(dataDir: string, options: HandleOptions): DatabaseHandle {
    try {
      return new DatabaseHandle(dataDir, options, openDatabase(dataDir, options));
    } catch (error) {
      if (error instanceof DatabaseInUse) throw error;
      const handle = new DatabaseHandle(dataDir, options, undefined);
      handle.trouble = `cannot open the database: ${errorMessage(error)}`;
      return handle;
    }
  }

  /** The connection, opening it now if the start could not; undefined while it cannot. */
  connection(): Database.Database | undefined {
    if (this.#db !== undefined || this.#closed) return this.#db;
    try {
      this.#attach(openDatabase(this.#dataDir, this.#options));
      this.#statements.clear();
      return this.#db;
    } catch (error) {
      this.trouble = `cannot open the database: ${errorMessage(error)}`;
      return undefined;
    }
  }

  /**
   * The connection for a write outside the group commit (the start's import, in a transaction of
   * its own): set to sync its commits itself (FULL), on this thread. Undefined while there is none.
   */
  synced(): Database.Database | undefined {
    const db = this.connection();
    if (db !== undefined) this.#setSynchronous(db, 'FULL');
    return db;
  }

  /** A statement prepared once per connection (cached by its SQL). Throws while there is none. */
  statement(sql: string): Database.Statement {
    const db = this.connection();
    if (db === undefined) throw new Error(this.trouble ?? 'the database is closed');
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `work` in this turn's transaction; resolves with its result once committed and synced. */
  commit<T>(work: Work<T>): Promise<T> {
    return this.#enqueue(work, true);
  }

  /**
   * Runs `work` in this turn's transaction as `commit` does, but asks for no sync of its own:
   * for a mark that only prevents a repeat (a popup shown, a push sent, the processed mark). It
   * resolves once committed; a turn of such marks only is not synced (a kill may lose it, and
   * then the effect is repeated, never lost: the WAL keeps commits in order, so a later synced
   * commit makes it durable too), and one that goes with synced work is synced with it.
   */
  commitUnsynced<T>(work: Work<T>): Promise<T> {
    return this.#enqueue(work, false);
  }

  /**
   * Gives the pages freed by deletes back to the file system (auto_vacuum=INCREMENTAL, set at
   * open) once there are at least RECLAIM_FROM_PAGES of them; at most `pages` at a time, so a big
   * delete does not hold the thread for long. Fewer are left in the file: the next inserts reuse
   * them, where moving them out would cost writes now and a file that grows again soon.
   */
  reclaimSpace(pages = 4096): void {
    // In the group commit: a write of its own here would be synced on this thread, or wait on
    // this thread for a checkpoint's writer lock.
    const count = Math.max(1, Math.floor(pages));
    this.commit((db) => {
      if (Number(db.pragma('freelist_count', { simple: true })) < RECLAIM_FROM_PAGES) return;
      db.pragma(`incremental_vacuum(${count})`);
    }).catch(() => {
      // A full or failing disk: the pages stay free inside the file and are reused.
    });
  }

  /** Why the last open or commit failed; undefined once one succeeds. */
  get trouble(): string | undefined {
    return this.#trouble;
  }

  set trouble(trouble: string | undefined) {
    if (trouble === this.#trouble) return;
    this.#trouble = trouble;
    for (const observer of this.#troubleObservers) observer(trouble);
  }

  /** Calls `observer` whenever `trouble` changes (the window and tray say so). */
  observeTrouble(observer: (trouble: string | undefined) => void): void {
    this.#troubleObservers.push(observer);
  }

  /** Calls `observer` after each checkpoint the worker ran (tests and benches). */
  observeCheckpoints(observer: (done: CheckpointDone) => void): void {
    this.#sync.observeCheckpoints(observer);
  }

  /** Calls `observer` with the reason when the handle goes back to syncing on the main thread. */
  observeInline(observer: (why: string) => void): void {
    this.#sync.observeInline(observer);
  }

  /** Calls `observer` after each group commit (benches measure the longest). */
  observeCommits(observer: (report: CommitReport) => void): void {
    this.#observers.push(observer);
  }

  /**
   * Commits what is queued (synced on this thread: the app is leaving), then closes the
   * connection, the worker's and the lock. Whichever connection closes last checkpoints the WAL
   * into the database file; both run with FULL then, so that one is synced too.
   */
  close(): void {
    this.#sync.leaving(); // commits no longer wait for a checkpoint under way
    this.#syncing = false; // the sync under way still settles its own turn
    this.#flush();
    this.#closed = true;
    this.#sync.close();
    // The checkpoint at close syncs with the connection's setting: FULL, as the worker's.
    if (this.#db !== undefined) this.#setSynchronous(this.#db, 'FULL');
    this.#db?.close();
    this.#lock?.close();
    this.#db = undefined;
    this.#lock = undefined;
    this.#statements.clear();
    this.#transaction = undefined;
  }

  #enqueue<T>(work: Work<T>, synced: boolean): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject, synced });
      if (this.#queue.length === 1) setImmediate(() => this.#flush());
    });
  }

  #attach(opened: OpenedDatabase): void {
    this.#db = opened.db;
    this.#lock = opened.lock;
    this.#transaction = transactionStatements(opened.db);
    this.#synchronous = 'FULL'; // as open-database.ts leaves it
    this.#sync.attach(opened);
  }

  #flush(): void {
    // While a checkpoint runs, the worker holds the writer lock: a COMMIT would wait on this thread.
    if (this.#sync.holding || this.#syncing || this.#queue.length === 0) return;
    const batch = this.#queue;
    this.#queue = [];
    const db = this.connection();
    const transaction = this.#transaction;
    if (db === undefined || transaction === undefined) {
      const error = new Error(this.trouble ?? 'the database is closed');
      for (const item of batch) item.reject(error);
      return;
    }
    const synced = batch.some((item) => item.synced);
    const wal = this.#sync.wal;
    const started = performance.now();
    const outcomes: Outcome[] = [];
    try {
      // Marks only: SQLite's own sync at commit is skipped too (NORMAL in WAL mode syncs only at
      // a checkpoint); the WAL's new header, when it starts over, is synced as before.
      const inline = wal === undefined;
      this.#setSynchronous(db, !synced && inline ? 'NORMAL' : this.#sync.synchronous());
      runBatch(db, transaction, batch, outcomes);
    } catch (error) {
      this.#failed(batch, started, performance.now() - started, error);
      return;
    }
    const held = performance.now() - started;
    if (wal === undefined || !synced) {
      if (wal !== undefined) this.#sync.committed();
      this.#settle(batch, outcomes, { ms: held, answeredMs: held, size: batch.length });
      return;
    }
    this.#syncing = true;
    wal.sync().then(
      () => {
        this.#syncing = false;
        const answeredMs = performance.now() - started;
        this.#settle(batch, outcomes, { ms: held, answeredMs, size: batch.length });
        this.#flushSoon();
      },
      (error: unknown) => {
        this.#syncing = false;
        this.#failed(batch, started, held, error);
        this.#flushSoon();
      },
    );
    this.#sync.committed();
  }

  /**
   * The next commit, for the work queued while a sync or a checkpoint ran: one sync at a time,
   * so that under load one commit and one sync carry every webhook that came meanwhile (the
   * group commit of databases: the answer of each still waits for its own commit's sync). In a
   * later turn, so that what the settled promises start goes in too.
   */
  #flushSoon(): void {
    if (this.#queue.length > 0 && !this.#closed) setImmediate(() => this.#flush());
  }

  #setSynchronous(db: Database.Database, mode: Synchronous): void {
    if (this.#synchronous === mode) return;
    db.exec(`PRAGMA synchronous = ${mode}`);
    this.#synchronous = mode;
  }

  #failed(batch: Queued[], started: number, held: number, error: unknown): void {
    this.trouble = `cannot write to the database: ${errorMessage(error)}`;
    this.#report({ ms: held, answeredMs: performance.now() - started, size: batch.length, error });
    for (const item of batch) item.reject(error);
  }

  #settle(batch: Queued[], outcomes: Outcome[], report: CommitReport): void {
    this.trouble = undefined;
    this.#report(report);
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  #report(report: CommitReport): void {
    for (const observer of this.#observers) observer(report);
  }
}
