import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import {
  DatabaseInUse,
  openDatabase,
  type OpenedDatabase,
  type OpenOptions,
} from './open-database';
import { runBatch, type Queued } from './run-batch';
import { WalFile, type WalOptions } from './wal-file';

/** A group commit of `size` units (benches, tests): the main thread held `ms`; `error` if lost. */
export type CommitReport = { ms: number; answeredMs: number; size: number; error?: unknown };

/** How the handle opens its database, and how its WAL is synced and checkpointed. */
export type HandleOptions = OpenOptions & Omit<WalOptions, 'inline'>;

/**
 * What the handle tells: `trouble` whenever it changes (the window and tray say so), `commit` after
 * each group commit (benches measure the longest), `inline` with the reason if the worker cannot
 * run and checkpoints go on the main thread.
 */
export type DatabaseEvents = {
  trouble: [trouble: string | undefined];
  commit: [report: CommitReport];
  inline: [why: string];
};

/** Free pages (of 4 KiB) a file may hold before reclaimSpace gives them back: 4 MiB. */
export const RECLAIM_FROM_PAGES = 1024;

/**
 * The app's database connection with its group commit: the work handed to `commit` in a turn runs
 * in one transaction, each unit in a savepoint (one that throws is rolled back alone), and resolves
 * once on the disk. The main thread holds only the transaction: the COMMIT runs with NORMAL (in
 * WAL mode, no sync but a new WAL header's); the WAL is synced in libuv's pool and checkpointed
 * in a worker (wal-file.ts), one disk step at a time, work that comes meanwhile in the next commit.
 * A failed open, commit or sync (full, read-only, EIO) sets `trouble`; the next turn tries again.
 */
export class DatabaseHandle extends EventEmitter<DatabaseEvents> {
  #opened: { db: Database.Database; lock: Database.Database; wal: WalFile } | undefined;
  #statements = new Map<string, Database.Statement>();
  #synchronous: 'FULL' | 'NORMAL' = 'FULL'; // as last set (the open sets FULL)
  #queue: Queued[] = [];
  #busy = false; // a commit's sync or a checkpoint is under way
  #closed = false;
  /** Why the last open or commit failed; undefined once one succeeds. */
  trouble: string | undefined;
  /** What the open found and replaced (a damaged file moved aside); undefined: nothing. */
  replaced: OpenedDatabase['replaced'];

  private constructor(
    private readonly dir: string,
    private readonly options: HandleOptions,
  ) {
    super();
  }

  /** Opens the database in `dataDir`; throws DatabaseInUse, else a failure leaves a handle that retries. */
  static open(dataDir: string, options: HandleOptions): DatabaseHandle {
    const handle = new DatabaseHandle(dataDir, options);
    try {
      handle.#attach(openDatabase(dataDir, options));
    } catch (error) {
      if (error instanceof DatabaseInUse) throw error;
      handle.#setTrouble(`cannot open the database: ${errorMessage(error)}`);
    }
    return handle;
  }

  /** The connection, opening it now if the start could not; undefined while it cannot. */
  connection(): Database.Database | undefined {
    if (this.#opened === undefined && !this.#closed) {
      try {
        this.#attach(openDatabase(this.dir, this.options));
      } catch (error) {
        this.#setTrouble(`cannot open the database: ${errorMessage(error)}`);
      }
    }
    return this.#opened?.db;
  }

  /** The connection for a write outside the group commit (the start's import), synced by SQLite. */
  synced(): Database.Database | undefined {
    const db = this.connection();
    if (db !== undefined) this.#setSynchronous('FULL'); // the group commit sets NORMAL again
    return db;
  }

  /** A statement prepared once per connection (cached by its SQL). Throws while there is none. */
  statement(sql: string): Database.Statement {
    const db = this.connection();
    if (db === undefined) throw new Error(this.trouble ?? 'the database is closed');
    let statement = this.#statements.get(sql);
    if (statement === undefined) this.#statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  }

  /** Runs `work` in this turn's transaction; resolves with its result once committed and synced. */
  commit<T>(work: (db: Database.Database) => T): Promise<T> {
    return this.#enqueue(work, true);
  }

  /**
   * As `commit`, for a mark that only prevents a repeat (a popup shown, a push sent, the processed
   * mark): resolves once committed. A turn of marks only is not synced (a kill may lose it: the
   * effect is repeated, never lost; the WAL keeps commits in order, so a later sync keeps it too).
   */
  commitUnsynced<T>(work: (db: Database.Database) => T): Promise<T> {
    return this.#enqueue(work, false);
  }

  /**
   * Gives pages freed by deletes back to the file system (auto_vacuum=INCREMENTAL) once there are
   * RECLAIM_FROM_PAGES, at most `pages` at a time; fewer are left for the next inserts to reuse.
   */
  reclaimSpace(pages = 4096): void {
    this.commit((db) => {
      if (Number(db.pragma('freelist_count', { simple: true })) < RECLAIM_FROM_PAGES) return;
      db.pragma(`incremental_vacuum(${Math.max(1, Math.floor(pages))})`);
    }).catch(() => {}); // a failing disk: the pages stay free inside the file, reused
  }

  /** Commits what is queued, synced here (the app is leaving); the last connection checkpoints. */
  close(): void {
    if (this.#closed) return;
    if (this.#queue.length > 0) this.#commit(true);
    this.#closed = true;
    for (const part of [this.#opened?.wal, this.#opened?.db, this.#opened?.lock]) part?.close();
    this.#opened = undefined;
  }

  #enqueue<T>(work: (db: Database.Database) => T, synced: boolean): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject, synced });
      if (this.#queue.length === 1) setImmediate(() => this.#flush());
    });
  }

  #attach({ db, lock, path, replaced }: OpenedDatabase): void {
    try {
      const inline = (why: string) => this.emit('inline', why);
      this.#opened = { db, lock, wal: new WalFile(db, path, { ...this.options, inline }) };
    } catch (error) {
      db.close();
      lock.close();
      throw error;
    }
    this.#statements.clear();
    this.#synchronous = 'FULL';
    this.replaced ??= replaced;
  }

  /** The next disk step: a checkpoint when one is due, else the queued work's commit. */
  #flush(): void {
    if (this.#busy || this.#closed) return;
    if (this.#opened?.wal.due) this.#step(this.#opened.wal.checkpoint());
    else if (this.#queue.length > 0) this.#commit(false);
  }

  /** Commits the queue; settles it after the WAL's sync if any of it asks for one (and not `full`). */
  #commit(full: boolean): void {
    const batch = this.#queue.splice(0);
    const db = this.connection();
    const started = performance.now();
    let held = 0;
    const settle = (error?: unknown, settled: (() => void)[] = []) => {
      this.#setTrouble(error ? `cannot write to the database: ${errorMessage(error)}` : undefined);
      const report = { ms: held, answeredMs: performance.now() - started, size: batch.length };
      this.emit('commit', error ? { ...report, error } : report);
      if (error) batch.forEach((item) => item.reject(error));
      else settled.forEach((settleOne) => settleOne());
    };
    if (db === undefined) return settle(new Error(this.trouble ?? 'the database is closed'));
    try {
      this.#setSynchronous(full ? 'FULL' : 'NORMAL');
      const settled = runBatch(db, batch, (sql) => this.statement(sql));
      held = performance.now() - started;
      const wal = this.#opened!.wal;
      wal.committed();
      const sync = !full && batch.some((item) => item.synced) ? wal.sync() : Promise.resolve();
      this.#step(sync.then(() => settle(undefined, settled), settle));
    } catch (error) {
      held = performance.now() - started;
      settle(error);
    }
  }

  /** Holds the next disk step until `work` settles, then flushes in a later turn. */
  #step(work: Promise<unknown>): void {
    this.#busy = true;
    void work
      .catch(() => {}) // a failed checkpoint: the next commit asks again
      .finally(() => {
        this.#busy = false;
        const due = this.#queue.length > 0 || this.#opened?.wal.due === true;
        if (due && !this.#closed) setImmediate(() => this.#flush());
      });
  }

  // Only when it changes: a PRAGMA per commit cost about as much as its BEGIN under load.
  #setSynchronous(mode: 'FULL' | 'NORMAL'): void {
    if (this.#synchronous !== mode) this.statement(`PRAGMA synchronous = ${mode}`).run();
    this.#synchronous = mode;
  }

  #setTrouble(trouble: string | undefined): void {
    if (trouble === this.trouble) return;
    this.trouble = trouble;
    this.emit('trouble', trouble);
  }
}
