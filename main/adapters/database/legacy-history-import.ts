import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { HistoryFile, HistoryNotification } from '../../../shared/history';
import { PushRecord } from '../../../shared/push';
import type Database from 'better-sqlite3';
import { insertFile, insertNotification, preparedOn } from './history-rows';
import type { LegacyPart } from './legacy-import';
import { readLegacyLines } from './legacy-lines';

/** The history files of a data folder from before the database (the event log is its own part). */
export const LEGACY_HISTORY_FILES = {
  files: 'history/files.jsonl',
  notifications: 'history/notifications.jsonl',
} as const;

/** A line of notifications.jsonl: an entry, or a later change of its read state or pushes. */
const NotificationLine = lazySchema(() =>
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('add'), entry: HistoryNotification }),
    z.object({ op: z.literal('read'), id: z.string() }),
    z.object({ op: z.literal('readAll') }),
    z.object({ op: z.literal('push'), id: z.string(), record: PushRecord }),
  ]),
);

/**
 * The Files list and the notifications (with read marks and push outcomes) of the build before
 * the database, into `files` and `notifications` in file order (the oldest first, as they were
 * listed); a key seen twice keeps its first entry, as that build did. Nothing imported is owed a
 * popup: that build showed it in the step that wrote the line.
 */
export const LEGACY_HISTORY: LegacyPart = {
  files: [LEGACY_HISTORY_FILES.files, LEGACY_HISTORY_FILES.notifications],
  mark: 'imported_history',
  take(db, dataDir, warnings) {
    return takeFiles(db, dataDir, warnings) + takeNotifications(db, dataDir, warnings);
  },
};

function takeFiles(db: Database.Database, dataDir: string, warnings: string[]): number {
  const statements = preparedOn(db);
  let count = 0;
  for (const value of readLines(dataDir, LEGACY_HISTORY_FILES.files, warnings)) {
    const file = HistoryFile.safeParse(value.json);
    if (!file.success) {
      warnings.push(
        `import: ${LEGACY_HISTORY_FILES.files} line ${value.line} is not a file; skipped`,
      );
      continue;
    }
    count += insertFile(statements, file.data);
  }
  return count;
}

function takeNotifications(db: Database.Database, dataDir: string, warnings: string[]): number {
  // The read marks and pushes name entries added before them: applied in memory (the file is
  // bounded at twice the list), then each entry goes in once, whole.
  const entries: HistoryNotification[] = [];
  const keys = new Set<string>();
  for (const value of readLines(dataDir, LEGACY_HISTORY_FILES.notifications, warnings)) {
    const parsed = NotificationLine().safeParse(value.json);
    if (!parsed.success) {
      warnings.push(
        `import: ${LEGACY_HISTORY_FILES.notifications} line ${value.line} is not readable; skipped`,
      );
      continue;
    }
    const line = parsed.data;
    if (line.op === 'add') {
      const key = line.entry.notification.key;
      if (key !== undefined && keys.has(key)) continue;
      if (key !== undefined) keys.add(key);
      entries.push(line.entry);
    } else if (line.op === 'readAll') {
      for (const entry of entries) entry.read = true;
    } else {
      for (const entry of entries) {
        if (entry.notification.id !== line.id) continue;
        if (line.op === 'read') entry.read = true;
        else
          entry.push = [
            ...(entry.push ?? []).filter((r) => r.target !== line.record.target),
            line.record,
          ];
      }
    }
  }
  // Nothing imported is owed a popup: that build showed it in the step that wrote the line.
  const statements = preparedOn(db);
  let count = 0;
  for (const entry of entries) if (insertNotification(statements, entry) !== undefined) count += 1;
  return count;
}

/** The lines of a JSON-lines file that parse as JSON; a cut last line dropped, bad ones told. */
function readLines(
  dataDir: string,
  name: string,
  warnings: string[],
): { json: unknown; line: number }[] {
  const path = join(dataDir, name);
  if (!existsSync(path)) return [];
  const values: { json: unknown; line: number }[] = [];
  for (const { json, line, last } of readLegacyLines(path)) {
    if (json !== undefined) values.push({ json: json.value, line });
    else
      warnings.push(
        last
          ? `import: the last line of ${name} was cut short (the app stopped while writing it); it is dropped`
          : `import: ${name} line ${line} is not readable and was skipped`,
      );
  }
  return values;
}
