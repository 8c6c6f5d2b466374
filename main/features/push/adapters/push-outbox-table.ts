import * as z from 'zod';
import { RoomPictures } from '../../../../shared/model';
import type { PushFailure } from '../../../../shared/push';
import { Language } from '../../../../shared/settings';
import { errorMessage } from '../../../core/log-text';
import type { DatabaseHandle } from '../../../adapters/database/database-handle';
import type { Migration } from '../../../adapters/database/migrations';

/**
 * The push outbox (issue 32): `push_outbox` holds each push still owed to a target, with its
 * attempts and next try, until it is sent or given up (then its row goes); `push_keys` remembers
 * which happening (AppNotification.key) was queued for which target, so that a recovery run that
 * decides a happening again does not push it twice. The URL carries the target's token: the
 * database is private like the rest of the data folder.
 */
export const PUSH_OUTBOX_MIGRATION: Migration = {
  version: 4,
  name: 'push outbox and the happenings pushed per target',
  up(db) {
    db.exec(`
      CREATE TABLE push_outbox (
        id TEXT PRIMARY KEY,
        notification_id TEXT NOT NULL,
        url TEXT NOT NULL,
        message TEXT NOT NULL,
        first_at INTEGER NOT NULL,
        key TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER,
        last_reason TEXT
      );
      CREATE TABLE push_keys (
        key TEXT NOT NULL,
        url TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (key, url)
      ) WITHOUT ROWID;
      CREATE INDEX push_keys_at ON push_keys (at);
    `);
  },
};

/** One push waiting to go out: a notification's message for one target. */
export const OutboxItem = z.object({
  id: z.string(),
  notificationId: z.string(),
  /** The target's URL as set (with its token). */
  url: z.string(),
  message: z.object({
    title: z.string(),
    body: z.string(),
    click: z.string().optional(),
    pictures: RoomPictures.optional(),
    language: Language.optional(),
    facts: z.record(z.string(), z.string()).optional(),
  }),
  /** Epoch ms of the first attempt: the hour of retries counts from here. */
  firstAt: z.number(),
  /** The happening's key (AppNotification.key), when a journaled webhook revealed it. */
  key: z.string().optional(),
});
/** A push waiting in the outbox. */
export type OutboxItem = z.infer<typeof OutboxItem>;

/** A push still owed as read back at start, with how often it was tried. */
export interface PendingPush {
  item: OutboxItem;
  attempts: number;
}

/** How many happenings pushed per target are remembered, and for how long. */
export const PUSH_KEYS_KEPT = { count: 2_000, ageMs: 7 * 24 * 3_600_000 } as const;

/** The insert of one push owed (the table's and the import's of `push-outbox.jsonl`). */
export const INSERT_PUSH = `INSERT OR REPLACE INTO push_outbox
  (id, notification_id, url, message, first_at, key, attempts, last_reason)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

/** The values of INSERT_PUSH for one push owed. */
export function pushRow(
  item: OutboxItem,
  attempts = 0,
  lastReason: PushFailure | undefined = undefined,
): [string, string, string, string, number, string | null, number, string | null] {
  return [
    item.id,
    item.notificationId,
    item.url,
    JSON.stringify(item.message),
    item.firstAt,
    item.key ?? null,
    attempts,
    lastReason ?? null,
  ];
}

/** Remembers that a happening was queued for a target (`push_keys`). */
export const INSERT_PUSH_KEY = 'INSERT OR REPLACE INTO push_keys (key, url, at) VALUES (?, ?, ?)';

interface OutboxRow {
  id: string;
  notification_id: string;
  url: string;
  message: string;
  first_at: number;
  key: string | null;
  attempts: number;
}

const keyOf = (key: string, url: string) => `${key}\n${url}`;

/**
 * The push outbox in the app's database. A push is queued (`add`) in the turn's group commit
 * before it is sent, so a push decided in the turn its delivery was kept is owed in the same
 * transaction; it is settled (`done`) after it was sent or given up, so only a kill between a
 * send and its commit repeats it. A failed write is said once per run of failures; the push
 * still goes out, without the outbox's promise.
 */
export class PushOutboxTable {
  readonly #db: DatabaseHandle;
  readonly #warn: (message: string) => void;
  /** Keys queued in a commit not yet done: `has` sees them before the row is in. */
  readonly #queuedKeys = new Set<string>();
  #failing = false;

  constructor(db: DatabaseHandle, warn: (message: string) => void) {
    this.#db = db;
    this.#warn = warn;
  }

  /** What is owed, oldest first (empty while the database cannot be opened); never throws. */
  load(): PendingPush[] {
    if (this.#db.connection() === undefined) return [];
    const rows = this.#db
      .statement(
        `SELECT id, notification_id, url, message, first_at, key, attempts
         FROM push_outbox ORDER BY first_at, rowid`,
      )
      .all() as OutboxRow[];
    const pending: PendingPush[] = [];
    for (const row of rows) {
      const item = OutboxItem.safeParse(rowItem(row));
      if (item.success) pending.push({ item: item.data, attempts: row.attempts });
      else this.#warn(`push outbox: the stored push ${row.id} does not read and was skipped`);
    }
    return pending;
  }

  /** Whether this happening (by its key) was queued for this target already. */
  has(key: string, url: string): boolean {
    if (this.#queuedKeys.has(keyOf(key, url))) return true;
    if (this.#db.connection() === undefined) return false;
    return (
      this.#db.statement('SELECT 1 FROM push_keys WHERE key = ? AND url = ?').get(key, url) !==
      undefined
    );
  }

  /** Queues a push in a commit of its own; resolves once it is committed and synced. */
  add(item: OutboxItem): Promise<void> {
    return this.owe(item, (write) => this.#write(write));
  }

  /**
   * Queues a push through `write`, which runs the insert in some transaction (a decision's own:
   * KeptDecision.alongside) and resolves once that is committed; `has` sees its key meanwhile.
   */
  owe(item: OutboxItem, write: (insert: () => void) => Promise<void>): Promise<void> {
    const queued = item.key === undefined ? undefined : keyOf(item.key, item.url);
    if (queued !== undefined) this.#queuedKeys.add(queued);
    const row = pushRow(item);
    const written = write(() => {
      this.#db.statement(INSERT_PUSH).run(...row);
      if (item.key !== undefined)
        this.#db.statement(INSERT_PUSH_KEY).run(item.key, item.url, item.firstAt);
    });
    return written.finally(() => {
      if (queued !== undefined) this.#queuedKeys.delete(queued);
    });
  }

  /** Notes a failed attempt that will be retried at `nextAt` (a mark: no sync of its own). */
  tried(id: string, attempts: number, reason: PushFailure, nextAt: number): Promise<void> {
    return this.#mark(() => {
      this.#db
        .statement('UPDATE push_outbox SET attempts = ?, last_reason = ?, next_at = ? WHERE id = ?')
        .run(attempts, reason, nextAt, id);
    });
  }

  /**
   * Settles a push (sent, or given up): its row goes. A mark that only prevents a repeat, so it
   * asks for no sync of its own: a kill that loses it sends the push again, never loses it.
   */
  done(id: string): Promise<void> {
    return this.#mark(() => {
      this.#db.statement('DELETE FROM push_outbox WHERE id = ?').run(id);
    });
  }

  /**
   * Forgets the happenings pushed past PUSH_KEYS_KEPT (older than its age, or beyond its count)
   * and gives the space back; resolves with how many went.
   */
  async prune(
    now: number,
    kept: { count: number; ageMs: number } = PUSH_KEYS_KEPT,
  ): Promise<number> {
    const gone = await this.#mark(() => {
      const old = this.#db
        .statement('DELETE FROM push_keys WHERE at < ?')
        .run(now - kept.ageMs).changes;
      const beyond = this.#db
        .statement(
          `DELETE FROM push_keys WHERE at < (
             SELECT at FROM push_keys ORDER BY at DESC LIMIT 1 OFFSET ?)`,
        )
        .run(kept.count - 1).changes;
      return old + beyond;
    });
    if (gone > 0) this.#db.reclaimSpace();
    return gone;
  }

  #write<T>(work: () => T): Promise<T> {
    return this.#told(this.#db.commit(work));
  }

  #mark<T>(work: () => T): Promise<T> {
    return this.#told(this.#db.commitUnsynced(work));
  }

  #told<T>(write: Promise<T>): Promise<T> {
    return write.then(
      (value) => {
        this.#failing = false;
        return value;
      },
      (error: unknown) => {
        // One warning per run of failures: a full disk must not flood the log.
        if (!this.#failing) this.#warn(`push outbox: cannot write: ${errorMessage(error)}`);
        this.#failing = true;
        throw error;
      },
    );
  }
}

function rowItem(row: OutboxRow): unknown {
  let message: unknown;
  try {
    message = JSON.parse(row.message);
  } catch {
    return undefined;
  }
  return {
    id: row.id,
    notificationId: row.notification_id,
    url: row.url,
    message,
    firstAt: row.first_at,
    ...(row.key !== null ? { key: row.key } : {}),
  };
}
