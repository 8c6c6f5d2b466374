import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../../../../shared/lazy-schema';
import { PushFailure } from '../../../../shared/push';
import type { LegacyPart } from '../../../adapters/database/legacy-import';
import { readLegacyLines } from '../../../adapters/database/legacy-lines';
import { INSERT_PUSH, INSERT_PUSH_KEY, pushRow } from '../../../adapters/database/outbox-table';
import { PushPayload } from '../core/owed-push';

/** A push queued in that file. */
const OutboxItem = lazySchema(() =>
  z.object({
    id: z.string(),
    notificationId: z.string(),
    url: z.string(),
    message: PushPayload,
    firstAt: z.number(),
    key: z.string().optional(),
  }),
);
type OutboxItem = z.infer<ReturnType<typeof OutboxItem>>;

/** The push outbox of a data folder from before the database (one JSON line per step). */
export const LEGACY_OUTBOX_FILE = 'push-outbox.jsonl';

/** The lines that file held (outbox-file.ts of 0.1.0): a push queued, tried, settled; keys seen. */
const Line = lazySchema(() =>
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('add'), item: OutboxItem() }),
    z.object({
      op: z.literal('try'),
      id: z.string(),
      at: z.number(),
      attempts: z.number().int().nonnegative(),
      reason: PushFailure,
    }),
    z.object({ op: z.literal('done'), id: z.string() }),
    z.object({ op: z.literal('seen'), pushes: z.array(z.string()) }),
  ]),
);
type Line = z.infer<ReturnType<typeof Line>>;

interface Owed {
  item: OutboxItem;
  attempts: number;
  reason?: PushFailure;
}

/**
 * The old outbox as a part of the import (legacy-import.ts): the file is replayed as it was at
 * each start (queued, then tried, then settled), and what was still owed becomes a row of
 * the outbox (`outbox`) with its attempts, so that it is retried at this start; the happenings pushed per
 * target (the `seen` lines and every queued push's key) go to `push_keys`, stamped with the
 * file's last write, so that a recovery run does not push them again.
 */
export const LEGACY_OUTBOX: LegacyPart = {
  files: [LEGACY_OUTBOX_FILE],
  mark: 'imported_outbox',
  take(db, dataDir, warnings) {
    const path = join(dataDir, LEGACY_OUTBOX_FILE);
    if (!existsSync(path)) return 0;
    const owed = new Map<string, Owed>();
    const keys = new Map<string, { key: string; url: string }>();
    const remember = (key: string, url: string) => keys.set(`${key}\n${url}`, { key, url });
    let unreadable = 0;
    for (const { json } of readLegacyLines(path)) {
      const line = Line().safeParse(json?.value);
      if (!line.success) unreadable += 1;
      else replay(line.data, owed, remember);
    }
    if (unreadable > 0)
      warnings.push(
        `import: ${unreadable} line(s) of ${LEGACY_OUTBOX_FILE} are not readable and were skipped`,
      );
    const writtenAt = Math.floor(statSync(path).mtimeMs);
    const insertPush = db.prepare(INSERT_PUSH);
    const insertKey = db.prepare(INSERT_PUSH_KEY);
    let count = 0;
    for (const { item, attempts, reason } of owed.values())
      count += insertPush.run(
        ...pushRow(
          {
            notificationId: item.notificationId,
            ...(item.key !== undefined ? { key: item.key } : {}),
            target: item.url,
            payload: JSON.stringify(item.message),
            createdAt: item.firstAt,
          },
          attempts,
          reason,
        ),
      ).changes;
    for (const { key, url } of keys.values()) count += insertKey.run(key, url, writtenAt).changes;
    return count;
  },
};

function replay(
  line: Line,
  owed: Map<string, Owed>,
  remember: (key: string, url: string) => void,
): void {
  if (line.op === 'add') {
    owed.set(line.item.id, { item: line.item, attempts: 0 });
    if (line.item.key !== undefined) remember(line.item.key, line.item.url);
  } else if (line.op === 'try') {
    const push = owed.get(line.id);
    if (push) Object.assign(push, { attempts: line.attempts, reason: line.reason });
  } else if (line.op === 'done') owed.delete(line.id);
  else
    for (const seen of line.pushes) {
      const at = seen.indexOf('\n');
      if (at > 0) remember(seen.slice(0, at), seen.slice(at + 1));
    }
}
