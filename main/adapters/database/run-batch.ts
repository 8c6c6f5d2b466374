import type Database from 'better-sqlite3';

/** A unit of work waiting for the turn's transaction, with its promise's ends. */
export interface Queued {
  work: (db: Database.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** False for a mark that only prevents a repeat (database-handle.ts, commitUnsynced). */
  synced: boolean;
}

/** How one unit of a turn ended. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const SQL = {
  begin: 'BEGIN IMMEDIATE',
  savepoint: 'SAVEPOINT work',
  release: 'RELEASE work',
  rollbackTo: 'ROLLBACK TO work',
  commit: 'COMMIT',
};
/** The transaction's statements per connection, prepared once (`exec` would parse them each time). */
const prepared = new WeakMap<Database.Database, Record<keyof typeof SQL, Database.Statement>>();

/** BEGIN IMMEDIATE, each unit in a savepoint of its own, COMMIT; throws when the turn is lost. */
export function runBatch(db: Database.Database, batch: Queued[]): Outcome[] {
  let statements = prepared.get(db);
  if (statements === undefined) {
    const entries = Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)]);
    prepared.set(db, (statements = Object.fromEntries(entries) as NonNullable<typeof statements>));
  }
  const { begin, savepoint, release, rollbackTo, commit } = statements;
  const outcomes: Outcome[] = [];
  try {
    begin.run();
    for (const item of batch) {
      savepoint.run();
      try {
        outcomes.push({ ok: true, value: item.work(db) });
        release.run();
      } catch (error) {
        // SQLITE_FULL, IOERR, BUSY and NOMEM may roll the whole transaction back by themselves
        // (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A
        // Transaction"): then the turn's other units are gone too, and all of them fail.
        if (!db.inTransaction) throw error;
        rollbackTo.run();
        release.run();
        outcomes.push({ ok: false, error });
      }
    }
    commit.run();
    return outcomes;
  } catch (error) {
    // Unless SQLite rolled it back itself (a full disk can do that): nothing is kept either way.
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
