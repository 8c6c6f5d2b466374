import type { PushFailure } from '../../../shared/push';
import { errorMessage } from '../../core/log-text';
import type { Effect, EffectKind, OwedEffect, StoredEffect } from '../../core/outbox';
import type { DatabaseHandle } from './database-handle';
import { notificationOf, type NotificationRow, type Statements } from './history-rows';

/** The insert of one push owed (the decision's, and the import's of `push-outbox.jsonl`). */
export const INSERT_PUSH = `INSERT INTO outbox
  (kind, notification_id, key, target, payload, created_at, attempts, last_reason)
  VALUES ('push', ?, ?, ?, ?, ?, ?, ?)`;

/** The values of INSERT_PUSH. */
export function pushRow(
  push: Pick<OwedEffect, 'notificationId' | 'key' | 'target' | 'payload' | 'createdAt'>,
  attempts = 0,
  lastReason: PushFailure | undefined = undefined,
): [string, string | null, string, string, number, number, string | null] {
  return [
    push.notificationId,
    push.key ?? null,
    push.target ?? '',
    push.payload ?? '{}',
    push.createdAt,
    attempts,
    lastReason ?? null,
  ];
}

/** Remembers that a happening was queued for a target (`push_keys`). */
export const INSERT_PUSH_KEY = 'INSERT OR REPLACE INTO push_keys (key, url, at) VALUES (?, ?, ?)';

/** How many happenings pushed per target are remembered, and for how long. */
export const PUSH_KEYS_KEPT = { count: 2_000, ageMs: 7 * 24 * 3_600_000 } as const;

interface OutboxRow {
  id: number;
  kind: EffectKind;
  notification_id: string;
  key: string | null;
  target: string | null;
  payload: string | null;
  created_at: number;
  attempts: number;
}

/** The decision an effect is written with. */
interface Decided {
  notificationId: string;
  row: number;
  key: string | undefined;
  createdAt: number;
}

/**
 * The outbox in the app's database. `owe` runs inside the decision's unit (its transaction);
 * `done` and `tried` are marks that only prevent a repeat, committed without a sync of their own
 * (a kill that loses one delivers the effect again, never loses it). A failed mark is said once
 * per run of failures.
 */
export class OutboxTable {
  readonly #db: DatabaseHandle;
  readonly #warn: (message: string) => void;
  #doneBatch: { ids: number[]; written: Promise<void> } | undefined;
  #failing = false;

  constructor(db: DatabaseHandle, warn: (message: string) => void) {
    this.#db = db;
    this.#warn = warn;
  }

  /**
   * Writes a decision's effects (inside its unit): a push of a happening already queued for its
   * target (a recovery run that decides it again) is left out. Returns the rows owed.
   */
  owe(db: Statements, effects: readonly Effect[], decided: Decided): OwedEffect[] {
    const { notificationId, key, createdAt } = decided;
    const owed: OwedEffect[] = [];
    for (const effect of effects) {
      const base = { ...effect, notificationId, createdAt, attempts: 0 };
      const owedEffect: Omit<OwedEffect, 'id'> = key === undefined ? base : { ...base, key };
      if (effect.kind === 'popup') {
        const inserted = db
          .statement(
            `INSERT INTO outbox (kind, notification_id, notification_row, key, created_at)
             VALUES ('popup', ?, ?, ?, ?)`,
          )
          .run(notificationId, decided.row, key ?? null, createdAt);
        owed.push({ ...owedEffect, id: Number(inserted.lastInsertRowid) });
        continue;
      }
      const target = effect.target ?? '';
      if (key !== undefined) {
        const seen = db.statement('SELECT 1 FROM push_keys WHERE key = ? AND url = ?');
        if (seen.get(key, target) !== undefined) continue;
        db.statement(INSERT_PUSH_KEY).run(key, target, createdAt);
      }
      const inserted = db.statement(INSERT_PUSH).run(...pushRow(owedEffect));
      owed.push({ ...owedEffect, id: Number(inserted.lastInsertRowid) });
    }
    return owed;
  }

  /** What is owed, oldest first, each popup with its notification (empty without a database). */
  load(): StoredEffect[] {
    if (this.#db.connection() === undefined) return [];
    const rows = this.#db
      .statement(
        `SELECT o.id, o.kind, o.notification_id, o.key, o.target, o.payload, o.created_at,
                o.attempts, n.row, n.notification, n.decision, n.read, n.push
         FROM outbox o LEFT JOIN notifications n ON n.row = o.notification_row
         ORDER BY o.id`,
      )
      .all() as (OutboxRow & Partial<NotificationRow>)[];
    return rows.map((row) => {
      const entry = row.row == null ? undefined : notificationOf(row as NotificationRow);
      return {
        id: row.id,
        kind: row.kind,
        notificationId: row.notification_id,
        ...(row.key !== null ? { key: row.key } : {}),
        ...(row.target !== null ? { target: row.target } : {}),
        ...(row.payload !== null ? { payload: row.payload } : {}),
        createdAt: row.created_at,
        attempts: row.attempts,
        ...(entry && row.row != null ? { entry, notificationRow: row.row } : {}),
      };
    });
  }

  /** Delivered (or given up): its row goes. The marks of one turn go in one unit of its commit. */
  done(id: number): Promise<void> {
    if (this.#doneBatch === undefined) {
      const ids: number[] = [];
      const written = this.#mark(() => {
        this.#doneBatch = undefined;
        const remove = this.#db.statement('DELETE FROM outbox WHERE id = ?');
        for (const done of ids) remove.run(done);
      });
      this.#doneBatch = { ids, written };
      written.catch(() => {
        if (this.#doneBatch?.written === written) this.#doneBatch = undefined; // never ran
      });
    }
    this.#doneBatch.ids.push(id);
    return this.#doneBatch.written;
  }

  /** Notes a failed attempt to be retried at `nextAt`. */
  tried(id: number, attempts: number, reason: PushFailure, nextAt: number): Promise<void> {
    return this.#mark(() => {
      this.#db
        .statement('UPDATE outbox SET attempts = ?, last_reason = ?, next_at = ? WHERE id = ?')
        .run(attempts, reason, nextAt, id);
    });
  }

  /**
   * Forgets the happenings pushed past PUSH_KEYS_KEPT (older than its age, or beyond its count)
   * and gives the space back; resolves with how many went.
   */
  async prunePushKeys(
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

  #mark<T>(work: () => T): Promise<T> {
    return this.#db.commitUnsynced(work).then(
      (value) => {
        this.#failing = false;
        return value;
      },
      (error: unknown) => {
        // One warning per run of failures: a full disk must not flood the log.
        if (!this.#failing) this.#warn(`outbox: cannot write: ${errorMessage(error)}`);
        this.#failing = true;
        throw error;
      },
    );
  }
}
