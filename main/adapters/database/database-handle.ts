import type Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import { DatabaseInUse } from './database-errors';
import { openDatabase, type OpenedDatabase, type OpenOptions } from './open-database';

/** A unit of work run inside the turn's transaction; its result resolves `commit` once synced. */
export type Work<T> = (db: Database.Database) => T;

interface Queued {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What one group commit did (for benches and the log). */
export interface CommitReport {
  /** How long the transaction took, BEGIN to synced COMMIT, on the main thread (ms). */
  ms: number;
  /** Units of work in it. */
  size: number;
  /** Undefined when it committed. */
  error?: unknown;
}

/**
 * The app's one database connection with its group commit. Work handed to `commit` in one turn of
 * the event loop runs in one transaction at the turn's end, each unit in a savepoint of its own
 * (one that throws is rolled back alone and rejects alone), and every promise resolves only after
 * the COMMIT returned: with WAL and synchronous=FULL (open-database.ts) that is after the fsync of
 * the WAL. A failed commit (full disk, read-only folder) rejects the whole turn and keeps nothing
 * of it; the next turn simply tries again, so the app recovers by itself once the disk does. A
 * folder that could not be written at start leaves the handle without a connection: each commit
 * tries to open it again, failing (5xx at the listener) until it can.
 */
export class DatabaseHandle {
  readonly #dataDir: string;
  readonly #options: OpenOptions;
  #db: Database.Database | undefined;
  #statements = new Map<string, Database.Statement>();
  #queue: Queued[] = [];
  #closed = false;
  #observers: ((report: CommitReport) => void)[] = [];
  /** What the start found and replaced (a damaged file moved aside); undefined: nothing. */
  readonly replaced: OpenedDatabase['replaced'];
  #trouble: string | undefined;
  #troubleObservers: ((trouble: string | undefined) => void)[] = [];

  private constructor(dataDir: string, options: OpenOptions, opened: OpenedDatabase | undefined) {
    this.#dataDir = dataDir;
    this.#options = options;
    this.#db = opened?.db;
    this.replaced = opened?.replaced;
  }

  /**
   * Opens the database in `dataDir` (open-database.ts). Throws DatabaseInUse when another copy of
   * the app holds it; any other failure to open leaves a handle that tries again at each commit.
   */
  static open(dataDir: string, options: OpenOptions): DatabaseHandle {
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
      this.#db = openDatabase(this.#dataDir, this.#options).db;
      this.#statements.clear();
      return this.#db;
    } catch (error) {
      this.trouble = `cannot open the database: ${errorMessage(error)}`;
      return undefined;
    }
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
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#queue.length === 1) setImmediate(() => this.#flush());
    });
  }

  /**
   * Gives the pages freed by deletes back to the file system (auto_vacuum=INCREMENTAL, set at
   * open); at most `pages` at a time, so a big delete does not hold the thread for long.
   */
  reclaimSpace(pages = 4096): void {
    try {
      this.#db?.pragma(`incremental_vacuum(${Math.max(1, Math.floor(pages))})`);
    } catch {
      // A full or failing disk: the pages stay free inside the file and are reused.
    }
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

  /** Calls `observer` after each group commit (benches measure the longest). */
  observeCommits(observer: (report: CommitReport) => void): void {
    this.#observers.push(observer);
  }

  /** Commits what is queued, then closes the connection (a WAL checkpoint happens then). */
  close(): void {
    this.#flush();
    this.#closed = true;
    this.#db?.close();
    this.#db = undefined;
    this.#statements.clear();
  }

  #flush(): void {
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    const db = this.connection();
    if (db === undefined) {
      const error = new Error(this.trouble ?? 'the database is closed');
      for (const item of batch) item.reject(error);
      return;
    }
    const started = performance.now();
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const item of batch) {
        db.exec('SAVEPOINT work');
        try {
          outcomes.push({ ok: true, value: item.work(db) });
          db.exec('RELEASE work');
        } catch (error) {
          // SQLITE_FULL, IOERR, BUSY and NOMEM may roll the whole transaction back by themselves
          // (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A
          // Transaction"): then the turn's other units are gone too, and all of them fail.
          if (!db.inTransaction) throw error;
          db.exec('ROLLBACK TO work');
          db.exec('RELEASE work');
          outcomes.push({ ok: false, error });
        }
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) {
        try {
          db.exec('ROLLBACK');
        } catch {
          // SQLite rolled it back itself (a full disk can do that): nothing is kept either way.
        }
      }
      this.trouble = `cannot write to the database: ${errorMessage(error)}`;
      this.#report({ ms: performance.now() - started, size: batch.length, error });
      for (const item of batch) item.reject(error);
      return;
    }
    this.trouble = undefined;
    this.#report({ ms: performance.now() - started, size: batch.length });
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
