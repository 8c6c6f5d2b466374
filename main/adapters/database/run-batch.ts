import type Database from 'better-sqlite3';

/** A unit of work waiting for the turn's transaction, with its promise's ends. */
export interface Queued {
  work: (db: Database.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** False for a mark that only prevents a repeat (database-handle.ts, commitUnsynced). */
  synced: boolean;
}

/**
 * BEGIN IMMEDIATE, each unit in a savepoint of its own, COMMIT; throws when the turn is lost, else
 * returns how to settle each unit. `statement`: prepared once per connection (`exec` parses each time).
 */
export function runBatch(
  db: Database.Database,
  batch: Queued[],
  statement: (sql: string) => Database.Statement,
): (() => void)[] {
  const run = (sql: string) => statement(sql).run();
  const settled: (() => void)[] = [];
  try {
    run('BEGIN IMMEDIATE');
    for (const item of batch) {
      run('SAVEPOINT work');
      try {
        const value = item.work(db);
        settled.push(() => item.resolve(value));
        run('RELEASE work');
      } catch (error) {
        // SQLITE_FULL, IOERR, BUSY and NOMEM may roll the whole transaction back by themselves
        // (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A
        // Transaction"): then the turn's other units are gone too, and all of them fail.
        if (!db.inTransaction) throw error;
        run('ROLLBACK TO work');
        run('RELEASE work');
        settled.push(() => item.reject(error));
      }
    }
    run('COMMIT');
    return settled;
  } catch (error) {
    // Unless SQLite rolled it back itself (a full disk can do that): nothing is kept either way.
    if (db.inTransaction) run('ROLLBACK');
    throw error;
  }
}
