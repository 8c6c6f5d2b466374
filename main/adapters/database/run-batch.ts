import type Database from 'better-sqlite3';

/** A unit of work waiting for the turn's transaction, with its promise's ends. */
export interface Queued {
  work: (db: Database.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /**
   * False for a mark that only prevents a repeat (a popup shown, a push sent, the processed
   * mark): a kill that loses it repeats an effect, never loses one, so it waits for no sync.
   */
  synced: boolean;
}

/** How one unit of a turn ended. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * The statements of a turn's transaction, prepared once per connection: `exec` would parse each
 * again, twice per unit (as better-sqlite3's own `transaction()` prepares its savepoints).
 */
export interface TransactionStatements {
  begin: Database.Statement;
  savepoint: Database.Statement;
  release: Database.Statement;
  rollbackTo: Database.Statement;
  commit: Database.Statement;
  rollback: Database.Statement;
}

/** Prepares the transaction's statements on `db`. */
export function transactionStatements(db: Database.Database): TransactionStatements {
  return {
    begin: db.prepare('BEGIN IMMEDIATE'),
    savepoint: db.prepare('SAVEPOINT work'),
    release: db.prepare('RELEASE work'),
    rollbackTo: db.prepare('ROLLBACK TO work'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
}

/** BEGIN IMMEDIATE, each unit in a savepoint of its own, COMMIT; throws when the turn is lost. */
export function runBatch(
  db: Database.Database,
  statements: TransactionStatements,
  batch: Queued[],
  outcomes: Outcome[],
): void {
  try {
    statements.begin.run();
    for (const item of batch) {
      statements.savepoint.run();
      try {
        outcomes.push({ ok: true, value: item.work(db) });
        statements.release.run();
      } catch (error) {
        // SQLITE_FULL, IOERR, BUSY and NOMEM may roll the whole transaction back by themselves
        // (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A
        // Transaction"): then the turn's other units are gone too, and all of them fail.
        if (!db.inTransaction) throw error;
        statements.rollbackTo.run();
        statements.release.run();
        outcomes.push({ ok: false, error });
      }
    }
    statements.commit.run();
  } catch (error) {
    if (db.inTransaction) {
      try {
        statements.rollback.run();
      } catch {
        // SQLite rolled it back itself (a full disk can do that): nothing is kept either way.
      }
    }
    throw error;
  }
}
