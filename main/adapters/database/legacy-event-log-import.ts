import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { EventLogEntry } from '../../../shared/model';
import { parseWebhook, webhookRoomId, webhookTypeName } from '../../../shared/recorder/webhook';
import type { LegacyPart } from './legacy-import';
import { readLegacyLines } from './legacy-lines';

/** The event log's own file in a data folder from before the database. */
export const LEGACY_EVENT_LOG_FILE = 'history/events.jsonl';

/**
 * A line of that file: an entry with, for one the journal did not hold, its place among them. Its
 * own number (written as `seq`, the entry's id today) is not read: the table numbers them anew.
 */
const LegacyLine = lazySchema(() =>
  EventLogEntry.omit({ entryId: true }).extend({
    journalSeq: z.number().optional(),
  }),
);
type LegacyLine = z.infer<ReturnType<typeof LegacyLine>>;

interface JournalRow {
  seq: number;
  received_at: number;
  source: string;
  user_agent: string | null;
  body: Buffer | string;
}

/** An entry to insert, with where it goes: after the journal's delivery `place`. */
interface Placed {
  place: number;
  fromJournal: boolean;
  row: unknown[];
}

/**
 * The event log of a data folder from before the database: the accepted deliveries are the
 * imported journal's rows (the journal part runs first), referred to, not copied; duplicates and
 * replays come from `history/events.jsonl`, each placed among them by the journal seq it noted
 * when it came (by time when it noted none, or one the journal no longer spans). Accepted
 * deliveries the file holds as well (earlier builds wrote them there too) are taken once.
 */
export const LEGACY_EVENT_LOG: LegacyPart = {
  files: [LEGACY_EVENT_LOG_FILE],
  mark: 'imported_event_log',
  take(db, dataDir, warnings) {
    const path = join(dataDir, LEGACY_EVENT_LOG_FILE);
    const lines = existsSync(path) ? readLines(path, warnings) : [];
    const journal = db
      .prepare(
        `SELECT seq, received_at, source, user_agent, body FROM deliveries
         WHERE seq NOT IN (SELECT delivery_seq FROM event_log WHERE delivery_seq IS NOT NULL)
         ORDER BY seq`,
      )
      .all() as JournalRow[];
    const placed: Placed[] = [];
    const inJournal = new Set<string>();
    for (const row of journal) {
      const webhook = parseWebhook(parseJson(row.body));
      if (!webhook.ok) continue; // as the journal part: nothing to show
      inJournal.add(webhook.value.id);
      const type = webhookTypeName(webhook.value);
      const room = webhookRoomId(webhook.value) ?? null;
      placed.push({
        place: row.seq,
        fromJournal: true,
        row: [
          row.received_at,
          row.source,
          type,
          webhook.value.id,
          room,
          0,
          row.user_agent,
          row.seq,
          null,
        ],
      });
    }
    const first = journal[0]?.seq ?? 0;
    const last = journal.at(-1)?.seq ?? 0;
    for (const line of lines) {
      const accepted = !line.duplicate && (line.source === 'webhook' || line.source === 'test');
      if (accepted && inJournal.has(line.eventId)) continue;
      const noted = line.journalSeq;
      const place =
        noted !== undefined && noted >= first - 1 && noted <= last
          ? noted
          : placeByTime(journal, line.receivedAt);
      placed.push({
        place,
        fromJournal: false,
        row: [
          line.receivedAt,
          line.source,
          line.eventType,
          line.eventId,
          line.roomId ?? null,
          line.duplicate ? 1 : 0,
          line.userAgent ?? null,
          null,
          JSON.stringify(line.body) ?? 'null',
        ],
      });
    }
    // A file entry follows the journal's delivery it noted (a duplicate follows what it repeats);
    // the sort is stable, so each list keeps its own order among equal places.
    placed.sort((a, b) => a.place - b.place || Number(b.fromJournal) - Number(a.fromJournal));
    const insert = db.prepare(
      `INSERT INTO event_log
         (received_at, source, event_type, event_id, room_id, duplicate, user_agent, delivery_seq, body)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const { row } of placed) insert.run(...row);
    return placed.length;
  },
};

/** The seq of the journal's last delivery received at or before `at` (0: before them all). */
function placeByTime(journal: readonly JournalRow[], at: number): number {
  // Binary search: receipt times grow with the seq (but for a clock set back: then roughly).
  let low = 0;
  let high = journal.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (journal[middle]!.received_at <= at) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? 0 : journal[low - 1]!.seq;
}

function parseJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The file's entries; a bad line is skipped and told, a cut last line dropped and told. */
function readLines(path: string, warnings: string[]): LegacyLine[] {
  const entries: LegacyLine[] = [];
  for (const { json, line, last } of readLegacyLines(path)) {
    const parsed = LegacyLine().safeParse(json?.value);
    if (parsed.success) {
      entries.push(parsed.data);
      continue;
    }
    warnings.push(
      last
        ? "import: the event log's last line was cut short (the app stopped while writing it); it is dropped"
        : `import: event log line ${line} is not readable and was skipped`,
    );
  }
  return entries;
}
