import type Database from 'better-sqlite3';

/** A unit of work waiting for the turn's transaction, with its promise's ends. */
export interface Queued {
  work: (db: Database.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** How one unit of a turn ended. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** BEGIN IMMEDIATE, each unit in a savepoint of its own, COMMIT; throws when the turn is lost. */
export function runBatch(db: Database.Database, batch: Queued[], outcomes: Outcome[]): void {
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
    throw error;
  }
}
