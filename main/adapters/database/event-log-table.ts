import type { HistoryQuery } from '../../../shared/history';
import type { EventLogEntry } from '../../../shared/model';
import {
  webhookRoomId,
  webhookTypeName,
  type RecorderWebhook,
} from '../../../shared/recorder/webhook';
import { eventTextKey, textWords } from '../../core/event-log-text';
import type { KeptDelivery } from '../../core/ports';
import type { DatabaseHandle } from './database-handle';
import { bodyText, entryOf, serialize, type EventRow } from './event-log-row';
import type { Migration } from './migrations';

/**
 * The event log (the window's "Webhook log"): every delivery as received, duplicates, test events
 * and replays included, in arrival order; an entry's id (`entryId`, the column `seq`) is its own
 * numbering (what the window pages by and a replay names), not a delivery's seq. An accepted
 * delivery's row keeps no body: `delivery_seq` names the `deliveries` row that holds it (the pruning
 * keeps every delivery a row refers to). Duplicates and replays keep their body here.
 * AUTOINCREMENT: an id is never given twice, even once the log was emptied, so a window that still
 * shows an old entry cannot replay another by its id. Bounded by count alone
 * (HISTORY_LIMITS.events, the pruning): the newest deliveries are what one inspects, however old,
 * and the count already bounds the file (the bodies it shows are kept for it either way).
 */
export const EVENT_LOG_MIGRATION: Migration = {
  version: 3,
  name: 'event log: every delivery as received, duplicates and replays included',
  up(db) {
    db.exec(`
      CREATE TABLE event_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at INTEGER NOT NULL,
        source TEXT NOT NULL,
        event_type TEXT NOT NULL,
        event_id TEXT NOT NULL,
        room_id INTEGER,
        duplicate INTEGER NOT NULL,
        user_agent TEXT,
        delivery_seq INTEGER,
        body BLOB
      );
    `);
  },
};

/** What a row of the event log carries besides the webhook (duplicates and replays). */
export type UnjournaledMeta = Pick<
  EventLogEntry,
  'source' | 'duplicate' | 'userAgent' | 'receivedAt'
>;

/** One page of the event log, newest first, and how many entries match in all. */
export interface EventLogPage {
  items: EventLogEntry[];
  total: number;
}

// The body of an accepted delivery's row is its deliveries row's.
const SELECT = `SELECT e.seq, e.received_at, e.source, e.event_type, e.event_id, e.room_id,
  e.duplicate, e.user_agent, coalesce(e.body, d.body) AS body
  FROM event_log e LEFT JOIN deliveries d ON d.seq = e.delivery_seq`;

const INSERT = `INSERT INTO event_log
  (received_at, source, event_type, event_id, room_id, duplicate, user_agent, delivery_seq, body)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * The event log in the database (table `event_log`): written in the turn's group commit, read a
 * page at a time; nothing of it is held in memory beyond a query's answer.
 */
export class EventLogTable {
  readonly #db: DatabaseHandle;
  #inserted = 0;

  constructor(db: DatabaseHandle) {
    this.#db = db;
  }

  /** Rows inserted by this process (pruned every so many). */
  get inserted(): number {
    return this.#inserted;
  }

  /**
   * Notes an accepted delivery, in the unit of work that inserts its `deliveries` row (inside
   * DatabaseHandle.commit): the two are kept together or not at all.
   */
  insertAccepted(entry: KeptDelivery, webhook: RecorderWebhook): void {
    this.#db
      .statement(INSERT)
      .run(
        entry.receivedAt,
        entry.source,
        webhookTypeName(webhook),
        webhook.id,
        webhookRoomId(webhook) ?? null,
        0,
        entry.userAgent ?? null,
        entry.seq,
        null,
      );
    this.#inserted += 1;
  }

  /**
   * Notes a delivery the journal does not hold (a duplicate, a replay) with its body (`bodyJson`:
   * its text as received, if at hand); resolves once committed.
   */
  append(
    webhook: RecorderWebhook,
    body: unknown,
    meta: UnjournaledMeta,
    bodyJson?: string,
  ): Promise<void> {
    const text = bodyJson ?? serialize(body);
    return this.#db.commit(() => {
      this.#db
        .statement(INSERT)
        .run(
          meta.receivedAt,
          meta.source,
          webhookTypeName(webhook),
          webhook.id,
          webhookRoomId(webhook) ?? null,
          meta.duplicate ? 1 : 0,
          meta.userAgent ?? null,
          null,
          text,
        );
      this.#inserted += 1;
    });
  }

  /**
   * Newest first, `limit` from `offset`; `roomId` keeps one room's; the words of `text` must all
   * occur, case-insensitively, in the type, the EventId or the body (its characters, however the
   * sender escaped them).
   */
  events(query: Partial<HistoryQuery> = {}): EventLogPage {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    if (this.#db.connection() === undefined) return { items: [], total: 0 };
    const inRoom = query.roomId === undefined ? '' : ' WHERE e.room_id = @roomId';
    const params: Record<string, number> =
      query.roomId === undefined ? {} : { roomId: query.roomId };
    const words = textWords(query.text);
    if (words.length === 0) {
      // The page's seqs first: an OFFSET over the join would read every skipped row's body.
      const rows = this.#db
        .statement(
          `${SELECT} WHERE e.seq IN (SELECT seq FROM event_log e${inRoom}
             ORDER BY seq DESC LIMIT @limit OFFSET @offset) ORDER BY e.seq DESC`,
        )
        .all({ ...params, limit, offset }) as EventRow[];
      const total = this.#db
        .statement(`SELECT count(*) FROM event_log e${inRoom}`)
        .pluck()
        .get(params) as number;
      return { items: rows.map(entryOf), total };
    }
    return this.#search(words, inRoom, params, limit, offset);
  }

  // A text search reads every row (at most the log's bound), newest first, one at a time. SQLite
  // narrows it first: its lower() folds ASCII only, so it checks only the words whose every
  // character is ASCII or has no case (Chinese), and lets through every body with \u escapes;
  // the exact test (eventTextKey: characters, not escapes, capped) is then made here.
  #search(
    words: string[],
    inRoom: string,
    params: Record<string, number>,
    limit: number,
    offset: number,
  ): EventLogPage {
    const named: Record<string, number | string> = { ...params, escape: '\\u' };
    const narrowing = words.filter(sqlCanNarrow).map((word, index) => {
      named[`w${index}`] = word;
      return `(instr(lower(r.event_type || char(10) || r.event_id || char(10) || r.body), @w${index}) > 0
        OR instr(r.body, @escape) > 0)`;
    });
    const sql = `SELECT * FROM (SELECT e.seq, e.received_at, e.source, e.event_type, e.event_id,
        e.room_id, e.duplicate, e.user_agent, CAST(coalesce(e.body, d.body) AS TEXT) AS body
        FROM event_log e LEFT JOIN deliveries d ON d.seq = e.delivery_seq${inRoom}) AS r
      ${narrowing.length > 0 ? `WHERE ${narrowing.join(' AND ')}` : ''} ORDER BY r.seq DESC`;
    const items: EventLogEntry[] = [];
    let total = 0;
    const rows = this.#db.statement(sql).iterate(named) as IterableIterator<EventRow>;
    for (const row of rows) {
      const key = eventTextKey(row.event_type, row.event_id, bodyText(row.body));
      if (!words.every((word) => key.includes(word))) continue;
      if (total >= offset && items.length < limit) items.push(entryOf(row));
      total += 1;
    }
    return { items, total };
  }

  /** One entry by its id, while the log keeps it (what a replay names). */
  entryById(entryId: number): EventLogEntry | undefined {
    if (this.#db.connection() === undefined) return undefined;
    const row = this.#db.statement(`${SELECT} WHERE e.seq = ?`).get(entryId) as
      EventRow | undefined;
    return row === undefined ? undefined : entryOf(row);
  }

  /** The newest entry's id (0: none). */
  newestEntryId(): number {
    if (this.#db.connection() === undefined) return 0;
    return (
      (this.#db.statement('SELECT max(seq) FROM event_log').pluck().get() as number | null) ?? 0
    );
  }

  /** How many entries the log keeps. */
  count(): number {
    if (this.#db.connection() === undefined) return 0;
    return this.#db.statement('SELECT count(*) FROM event_log').pluck().get() as number;
  }

  /** The oldest delivery a row refers to for its body; undefined: none does. */
  oldestDeliverySeq(): number | undefined {
    if (this.#db.connection() === undefined) return undefined;
    return (
      (this.#db.statement('SELECT min(delivery_seq) FROM event_log').pluck().get() as
        number | null) ?? undefined
    );
  }

  /** Deletes all but the newest `keep` entries; resolves with how many went. */
  prune(keep: number): Promise<number> {
    return this.#db.commit(() => {
      if (keep <= 0) return this.#db.statement('DELETE FROM event_log').run().changes;
      const oldestKept = this.#db
        .statement('SELECT seq FROM event_log ORDER BY seq DESC LIMIT 1 OFFSET ?')
        .pluck()
        .get(keep - 1) as number | undefined;
      if (oldestKept === undefined) return 0; // fewer than `keep`
      return this.#db.statement('DELETE FROM event_log WHERE seq < ?').run(oldestKept).changes;
    });
  }
}

/** Whether SQLite's lower() (ASCII only) can rule rows out for this word: no cased non-ASCII letter. */
function sqlCanNarrow(word: string): boolean {
  for (const char of word)
    if (char > '\x7f' && char.toLowerCase() !== char.toUpperCase()) return false;
  return true;
}
