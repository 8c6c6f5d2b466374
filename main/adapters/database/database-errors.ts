import { errorCode } from '../../core/log-text';

/** Another running copy of the app holds the database (one writer only: see open-database.ts). */
export class DatabaseInUse extends Error {
  constructor(path: string) {
    super(
      `the database ${path} is in use by another running copy of Recorder Tray ` +
        '(one data folder can be used by one copy at a time)',
    );
    this.name = 'DatabaseInUse';
  }
}

/** The integrity check at start found damage (its first lines are in the message). */
export class DatabaseDamaged extends Error {
  constructor(details: string) {
    super(`the integrity check found damage: ${details}`);
    this.name = 'DatabaseDamaged';
  }
}

/** SQLite's code of a better-sqlite3 error (SQLITE_BUSY, SQLITE_CORRUPT…), or Node's. */
export function sqliteCode(error: unknown): string {
  return errorCode(error) ?? '';
}

/** Another connection holds the lock: not damage, never a reason to move the file aside. */
export function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** The file is not a database, or is one with damage: moved aside and replaced by a fresh one. */
export function isDamage(error: unknown): boolean {
  if (error instanceof DatabaseDamaged) return true;
  const code = sqliteCode(error);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}
