import type { HistoryFile, HistoryNotification } from '../../../shared/history';
import type { HistoryQueryOptions, HistoryResult } from '../../core/history';
import type { DatabaseHandle } from './database-handle';
import {
  fileOf,
  NOTIFICATION_COLUMNS,
  notificationOf,
  searchWords,
  type FileRow,
  type NotificationRow,
} from './history-rows';

/** A WHERE clause and its parameters. */
interface Filter {
  where: string;
  params: (string | number)[];
}

function filter(parts: [string, ...(string | number)[]][]): Filter {
  return {
    where: parts.length === 0 ? '' : `WHERE ${parts.map(([sql]) => sql).join(' AND ')}`,
    params: parts.flatMap(([, ...params]) => params),
  };
}

function textParts(text: string | undefined): [string, string][] {
  return searchWords(text).map((word) => ['instr(search, ?) > 0', word]);
}

/** Newest first: the page from `offset` and how many rows match in all. */
function page<R, T>(
  db: DatabaseHandle,
  table: string,
  columns: string,
  { where, params }: Filter,
  query: HistoryQueryOptions,
  read: (row: R) => T | undefined,
): HistoryResult<T> {
  if (db.connection() === undefined) return { items: [], total: 0 };
  const total = db
    .statement(`SELECT count(*) FROM ${table} ${where}`)
    .pluck()
    .get(...params);
  const rows = db
    .statement(`SELECT ${columns} FROM ${table} ${where} ORDER BY row DESC LIMIT ? OFFSET ?`)
    .all(...params, query.limit ?? 50, query.offset ?? 0) as R[];
  const items: T[] = [];
  for (const row of rows) {
    const item = read(row);
    if (item !== undefined) items.push(item); // a row that does not read is left out
  }
  return { items, total: total as number };
}

/** Finished files, newest first; text matches name, title and both paths. */
export function filesPage(
  db: DatabaseHandle,
  query: HistoryQueryOptions,
): HistoryResult<HistoryFile> {
  const parts: [string, ...(string | number)[]][] = [];
  if (query.roomId !== undefined) parts.push(['room_id = ?', query.roomId]);
  if (query.recordedFrom !== undefined) parts.push(['recorded_at >= ?', query.recordedFrom]);
  if (query.recordedBefore !== undefined) parts.push(['recorded_at < ?', query.recordedBefore]);
  parts.push(...textParts(query.text));
  return page(db, 'files', 'row, body', filter(parts), query, (row: FileRow) => fileOf(row));
}

/** Notifications, newest first; text matches title, body and the action's path or URL. */
export function notificationsPage(
  db: DatabaseHandle,
  query: HistoryQueryOptions,
): HistoryResult<HistoryNotification> {
  const parts: [string, ...(string | number)[]][] = [];
  if (query.roomId !== undefined)
    parts.push(['row IN (SELECT row FROM notification_rooms WHERE room_id = ?)', query.roomId]);
  if (query.unreadOnly) parts.push(['read = 0']);
  if (query.createdFrom !== undefined) parts.push(['created_at >= ?', query.createdFrom]);
  if (query.createdBefore !== undefined) parts.push(['created_at < ?', query.createdBefore]);
  parts.push(...textParts(query.text));
  return page(
    db,
    'notifications',
    NOTIFICATION_COLUMNS,
    filter(parts),
    query,
    (row: NotificationRow) => notificationOf(row),
  );
}

/** Every row of a list, oldest first (start-up recovery, the clean-up, the quiet hours digest). */
export function allFiles(db: DatabaseHandle): HistoryFile[] {
  if (db.connection() === undefined) return [];
  const rows = db.statement('SELECT row, body FROM files ORDER BY row').all() as FileRow[];
  return rows.flatMap((row) => fileOf(row) ?? []);
}

/** Every notification, oldest first. */
export function allNotifications(db: DatabaseHandle): HistoryNotification[] {
  if (db.connection() === undefined) return [];
  const rows = db
    .statement(`SELECT ${NOTIFICATION_COLUMNS} FROM notifications ORDER BY row`)
    .all() as NotificationRow[];
  return rows.flatMap((row) => notificationOf(row) ?? []);
}
