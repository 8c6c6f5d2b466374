import type Database from 'better-sqlite3';
import type { HistoryFile, HistoryNotification } from '../../../shared/history';
import type { DatabaseHandle } from './database-handle';
import { fileOf, fileSearch, notificationSearch, recordedAt } from './history-rows';

/**
 * Where the inserts get their statements: the app's handle (prepared once per connection) or
 * a bare connection (the start's import of the format before the database, in its own
 * transaction: `preparedOn`).
 */
export type Statements = Pick<DatabaseHandle, 'statement'>;

/** Statements of a bare connection, each prepared once (for the import). */
export function preparedOn(db: Database.Database): Statements {
  const prepared = new Map<string, Database.Statement>();
  return {
    statement(sql) {
      let statement = prepared.get(sql);
      if (statement === undefined) prepared.set(sql, (statement = db.prepare(sql)));
      return statement;
    },
  };
}

/** Inserts a finished file (inside a unit of the group commit); a key listed already is left. */
export function insertFile(db: Statements, file: HistoryFile): number {
  return db
    .statement(
      `INSERT INTO files (key, room_id, recorded_at, search, body) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO NOTHING`,
    )
    .run(file.key ?? null, file.roomId, recordedAt(file), fileSearch(file), JSON.stringify(file))
    .changes;
}

/**
 * Sets a listed file's duration (read after it was listed: ffprobe on a file of a recorder that
 * tells none); the file as now listed, undefined when none has this key.
 */
export function setFileDuration(
  db: Statements,
  key: string,
  seconds: number,
): HistoryFile | undefined {
  const row = db
    .statement(
      `UPDATE files SET body = json_set(body, '$.durationSeconds', ?) WHERE key = ? RETURNING row, body`,
    )
    .get(seconds, key) as { row: number; body: string } | undefined;
  return row === undefined ? undefined : fileOf(row);
}

/**
 * Inserts a notification with its rooms (inside a unit of the group commit, or the import's
 * transaction: the one INSERT of a notification); returns its row, undefined when a decision of
 * the same key is recorded already.
 */
export function insertNotification(
  db: Statements,
  entry: HistoryNotification,
  /** A summary's: the keys of the happenings it stands for (their own rows are not kept). */
  standsFor: readonly string[] = [],
): number | undefined {
  const { notification, decision } = entry;
  const inserted = db
    .statement(
      `INSERT INTO notifications
         (id, key, event, created_at, read, search, notification, decision, push)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO NOTHING`,
    )
    .run(
      notification.id,
      notification.key ?? null,
      notification.event,
      notification.createdAt,
      entry.read ? 1 : 0,
      notificationSearch(entry),
      JSON.stringify(notification),
      JSON.stringify(decision),
      entry.push === undefined ? null : JSON.stringify(entry.push),
    );
  if (inserted.changes === 0) return undefined;
  const row = Number(inserted.lastInsertRowid);
  const room = db.statement(
    'INSERT OR IGNORE INTO notification_rooms (room_id, row) VALUES (?, ?)',
  );
  for (const roomId of new Set(notification.roomIds)) room.run(roomId, row);
  const grouped = db.statement('INSERT OR IGNORE INTO grouped_keys (key, row) VALUES (?, ?)');
  for (const key of standsFor) grouped.run(key, row);
  return row;
}

/** Prunes the rows of `list` beyond its newest `limit` (notifications with their rooms). */
export function pruneBeyond(
  db: DatabaseHandle,
  list: 'files' | 'notifications',
  limit: number,
): number {
  const cut = db
    .statement(`SELECT row FROM ${list} ORDER BY row DESC LIMIT 1 OFFSET ?`)
    .pluck()
    .get(limit) as number | undefined;
  if (cut === undefined) return 0;
  const deleted = db.statement(`DELETE FROM ${list} WHERE row <= ?`).run(cut).changes;
  if (list === 'notifications') {
    db.statement(
      `DELETE FROM notification_rooms WHERE row <= ?
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.row = notification_rooms.row)`,
    ).run(cut);
    db.statement('DELETE FROM grouped_keys WHERE row <= ?').run(cut);
  }
  return deleted;
}
