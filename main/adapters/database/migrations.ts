import type { Database } from 'better-sqlite3';

/**
 * One numbered step of the database's schema, written in code and run once, in a transaction of
 * its own (the model: Signal Desktop's ts/sql/migrations). A step never changes once released:
 * a change is a new step. Versions need not be consecutive (branches take ranges), only unique;
 * the steps not yet applied run in ascending order.
 */
export interface Migration {
  /** Unique, positive; the order the steps run in. */
  version: number;
  /** What it does, in a few words (kept in the database beside its version). */
  name: string;
  /** The step itself: plain SQL through `db`. Throwing rolls the step back and stops the open. */
  up(db: Database): void;
}

/** The table that records which steps ran; created by runMigrations itself. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Runs every step of `migrations` the database has not recorded yet, oldest version first, each in
 * its own transaction together with the row that records it: a step is applied whole or not at
 * all, so a kill in the middle runs it again at the next start. Returns the versions run now.
 */
export function runMigrations(db: Database, migrations: readonly Migration[]): number[] {
  checkVersions(migrations);
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
       version INTEGER PRIMARY KEY,
       name TEXT NOT NULL,
       applied_at INTEGER NOT NULL
     )`,
  );
  const applied = new Set(
    db
      .prepare<[], { version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`)
      .all()
      .map((row) => row.version),
  );
  const record = db.prepare<[number, string, number]>(
    `INSERT INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`,
  );
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.version, migration.name, Date.now());
    }).immediate();
    ran.push(migration.version);
  }
  return ran;
}

/** The versions recorded as applied, ascending. */
export function appliedVersions(db: Database): number[] {
  return db
    .prepare<[], { version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`)
    .all()
    .map((row) => row.version);
}

function checkVersions(migrations: readonly Migration[]): void {
  const seen = new Set<number>();
  for (const { version, name } of migrations) {
    if (!Number.isSafeInteger(version) || version <= 0)
      throw new Error(`migration "${name}": version ${version} is not a positive integer`);
    if (seen.has(version)) throw new Error(`migration version ${version} is used twice`);
    seen.add(version);
  }
}
