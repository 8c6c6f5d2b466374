import * as z from 'zod';
import { fileTimes } from '../../../shared/file-times';
import { HistoryFile, HistoryNotification } from '../../../shared/history';
import { PushRecord } from '../../../shared/push';

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
