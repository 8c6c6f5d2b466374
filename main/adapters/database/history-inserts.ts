import type { HistoryFile, HistoryNotification } from '../../../shared/history';
import type { DatabaseHandle } from './database-handle';
import { fileSearch, notificationSearch, recordedAt } from './history-rows';

/** Inserts a finished file (inside a unit of the group commit); a key listed already is left. */
export function insertFile(db: DatabaseHandle, file: HistoryFile): void {
  db.statement(
    `INSERT INTO files (key, room_id, recorded_at, search, body) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO NOTHING`,
  ).run(file.key ?? null, file.roomId, recordedAt(file), fileSearch(file), JSON.stringify(file));
}

/**
 * Inserts a notification with its rooms (inside a unit of the group commit); returns its row,
 * undefined when a decision of the same key is recorded already.
 */
export function insertNotification(
  db: DatabaseHandle,
  entry: HistoryNotification,
  owed: boolean,
): number | undefined {
  const { notification, decision } = entry;
  const inserted = db
    .statement(
      `INSERT INTO notifications
         (id, key, event, created_at, read, popup_owed, search, notification, decision, push)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO NOTHING`,
    )
    .run(
      notification.id,
      notification.key ?? null,
      notification.event,
      notification.createdAt,
      entry.read ? 1 : 0,
      owed ? 1 : 0,
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
  if (list === 'notifications')
    db.statement(
      `DELETE FROM notification_rooms WHERE row <= ?
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.row = notification_rooms.row)`,
    ).run(cut);
  return deleted;
}
