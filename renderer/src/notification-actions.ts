import type { HistoryNotification } from '../../shared/history';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { CallResult } from '../../shared/ipc-contract';
import { baseName } from '../../shared/format';

/** What a history row's buttons do. */
export type RowAction = 'openFile' | 'showFile' | 'openLive' | 'files' | 'mute' | 'span';

/** The row's main action and its secondary one, as the popup would offer them. */
export function rowActions(entry: HistoryNotification): [RowAction, RowAction] | [RowAction] | [] {
  const { notification } = entry;
  // A quiet hours digest lists what it held: the notifications of its span.
  if (notification.event === 'QuietHoursDigest') return ['span'];
  const many = notification.roomIds.length > 1;
  const fileAction =
    notification.action?.kind === 'showFile' || notification.action?.kind === 'openFile';
  if (notification.event === 'FileClosed') {
    if (many || !fileAction) return ['files', 'openLive'];
    return ['openFile', 'showFile'];
  }
  if (notification.roomIds.length === 1) return ['openLive', 'mute'];
  return [];
}

/**
 * Opens or shows the file a "finished" notification is about. The notification holds the
 * checked local path; main opens files by room and recorder path only, so the row finds the
 * file in the files history by its name first.
 */
export async function actOnFile(
  api: RecorderTrayApi,
  entry: HistoryNotification,
  use: 'open' | 'show',
): Promise<CallResult> {
  const { notification } = entry;
  const action = notification.action;
  const roomId = notification.roomIds[0];
  if (roomId === undefined || action === undefined || !('path' in action))
    return { ok: false, message: '' };
  const name = baseName(action.path);
  const page = await api.historyFiles({ roomId, text: name, limit: 5 });
  // The notification's own recorder's file first (a standby recorder may have the same name).
  const named = page.items.filter((item) => baseName(item.relativePath) === name);
  const ids = notification.recorderIds ?? [];
  const file =
    named.find((item) => item.recorderId !== undefined && ids.includes(item.recorderId)) ??
    named[0];
  if (file === undefined) return { ok: false, message: name };
  const ref = {
    roomId: file.roomId,
    relativePath: file.relativePath,
    ...(file.recorderId !== undefined ? { recorderId: file.recorderId } : {}),
  };
  return use === 'open' ? api.fileOpen(ref) : api.fileShowInFolder(ref);
}

/** A summary's names split back out of its body ("a、b、c", "a, b", one a line). */
export function summaryNames(body: string): string[] {
  return body
    .split(/、|, |\n/)
    .map((name) => name.trim())
    .filter(Boolean);
}
