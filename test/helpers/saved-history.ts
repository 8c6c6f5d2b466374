import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import type { HistoryFile, HistoryNotification } from '../../shared/history';

/**
 * The Files list and the notifications a stopped app kept in its database, oldest first (read
 * only: no process may hold it).
 */
export function savedHistory(dataDir: string): {
  files: HistoryFile[];
  notifications: HistoryNotification[];
} {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const files = db.prepare('SELECT body FROM files ORDER BY row').pluck().all() as string[];
    const rows = db
      .prepare('SELECT notification, decision, read, push FROM notifications ORDER BY row')
      .all() as { notification: string; decision: string; read: number; push: string | null }[];
    return {
      files: files.map((body) => JSON.parse(body) as HistoryFile),
      notifications: rows.map((row) => ({
        notification: JSON.parse(row.notification),
        decision: JSON.parse(row.decision),
        read: row.read !== 0,
        ...(row.push === null ? {} : { push: JSON.parse(row.push) }),
      })),
    };
  } finally {
    db.close();
  }
}
