import type Database from 'better-sqlite3';
import * as z from 'zod';
import { fileTimes } from '../../../shared/file-times';
import { HistoryFile, HistoryNotification } from '../../../shared/history';
import { PushRecord } from '../../../shared/push';
import type { DatabaseHandle } from './database-handle';

/** A row of `files` as read. */
export interface FileRow {
  row: number;
  body: string;
}

/** A row of `notifications` as read. */
export interface NotificationRow {
  row: number;
  notification: string;
  decision: string;
  read: number;
  push: string | null;
}

/** The columns of `notifications` a page reads. */
export const NOTIFICATION_COLUMNS = 'row, notification, decision, read, push';

/** The text a query's words are looked for in: name, title and both paths, lower-cased. */
export function fileSearch(file: HistoryFile): string {
  return `${file.name}\n${file.title}\n${file.relativePath}\n${file.resolvedPath ?? ''}`.toLowerCase();
}

/** The text a query's words are looked for in: title, body and the action's URL or path. */
export function notificationSearch({ notification }: HistoryNotification): string {
  const action = notification.action;
  const target =
    action?.kind === 'openUrl' ? action.url : action && 'path' in action ? action.path : '';
  return `${notification.title}\n${notification.body}\n${target}`.toLowerCase();
}

/** When a file was recorded (its own close time, else when the app heard of it): the day chips. */
export function recordedAt(file: HistoryFile): number {
  return fileTimes(file).to;
}

/** A query's words, lower-cased as the search column is; empty: no text test. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A row's file, checked (a row is data from outside this process); undefined: unreadable. */
export function fileOf(row: FileRow): HistoryFile | undefined {
  const parsed = HistoryFile.safeParse(parseJson(row.body));
  return parsed.success ? parsed.data : undefined;
}

const Pushes = z.array(PushRecord);

/** A row's notification with its decision, read state and pushes, checked; undefined: unreadable. */
export function notificationOf(row: NotificationRow): HistoryNotification | undefined {
  const push = row.push === null ? undefined : Pushes.safeParse(parseJson(row.push));
  const parsed = HistoryNotification.safeParse({
    notification: parseJson(row.notification),
    decision: parseJson(row.decision),
    read: row.read !== 0,
    ...(push?.success ? { push: push.data } : {}),
  });
  return parsed.success ? parsed.data : undefined;
}

/** The pushes kept with a notification after one more outcome (the newest per target). */
export function withPush(pushJson: string | null, record: PushRecord): string {
  const kept = Pushes.safeParse(parseJson(pushJson));
  const others = (kept.success ? kept.data : []).filter((r) => r.target !== record.target);
  return JSON.stringify([...others, record]);
}

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
