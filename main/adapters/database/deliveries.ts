import type { DeliveryLook } from '../../core/delivery-bounds';
import type { KeptDelivery } from '../../core/ports';
import type { DatabaseHandle } from './database-handle';

/** The processed mark's row in `marks`. */
const PROCESSED_MARK = 'processed_through';

interface DeliveryRow {
  seq: number;
  received_at: number;
  source: string;
  recorder_id: string | null;
  user_agent: string | null;
  body: Buffer | string;
}

/** What reading the journal at start-up found. */
export interface JournalContents {
  entries: KeptDelivery[];
  /** Rows whose body could not be read (damage the integrity check did not see). */
  warnings: string[];
}

/**
 * The deliveries journal in the database (table `deliveries`, app-migrations.ts): each accepted
 * webhook is inserted in the turn's group commit and its answer waits for that commit
 * (DatabaseHandle); the intake reaches it through deliveries-journal.ts, with its event-log row. Its unique index on the event id is the dedupe; its `marks` row is the
 * processed mark. The body is kept as the bytes received when at hand (a BLOB: no re-encoding on
 * the hot path), else as JSON text.
 */
export class Deliveries implements DeliveryLook {
  readonly #db: DatabaseHandle;

  constructor(db: DatabaseHandle) {
    this.#db = db;
  }

  /**
   * Inserts the delivery in this turn's transaction; resolves once it is committed and synced,
   * true when kept, false when one of this webhook id was kept already.
   */
  append(entry: KeptDelivery, webhookId: string, bodyBytes?: Uint8Array): Promise<boolean> {
    return this.#db.commit(() => this.insert(entry, webhookId, bodyBytes));
  }

  /**
   * Inserts the delivery inside a unit of work already running (DatabaseHandle.commit); false,
   * and nothing inserted, when a delivery of this webhook id is kept (the dedupe).
   */
  insert(entry: KeptDelivery, webhookId: string, bodyBytes?: Uint8Array): boolean {
    const { changes } = this.#db
      .statement(
        `INSERT INTO deliveries (seq, event_id, received_at, source, recorder_id, user_agent, body)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
      )
      .run(
        entry.seq,
        webhookId,
        entry.receivedAt,
        entry.source,
        entry.recorderId ?? null,
        entry.userAgent ?? null,
        bodyBytes ?? JSON.stringify(entry.body),
      );
    return changes > 0;
  }

  /** The seq of the delivery kept under this webhook id; undefined: none is. */
  seqOf(webhookId: string): number | undefined {
    if (this.#db.connection() === undefined) return undefined;
    return this.#db
      .statement('SELECT seq FROM deliveries WHERE event_id = ?')
      .pluck()
      .get(webhookId) as number | undefined;
  }

  /** Every delivery kept, oldest first. */
  read(): JournalContents {
    const entries: KeptDelivery[] = [];
    const warnings: string[] = [];
    if (this.#db.connection() === undefined) return { entries, warnings };
    const rows = this.#db
      .statement(
        'SELECT seq, received_at, source, recorder_id, user_agent, body FROM deliveries ORDER BY seq',
      )
      .all() as DeliveryRow[];
    for (const row of rows) {
      let body: unknown;
      try {
        body = JSON.parse(typeof row.body === 'string' ? row.body : row.body.toString('utf8'));
      } catch {
        warnings.push(`journal: delivery ${row.seq} is not readable and was skipped`);
        continue;
      }
      const entry: KeptDelivery = {
        seq: row.seq,
        receivedAt: row.received_at,
        source: row.source === 'test' ? 'test' : 'webhook',
        body,
      };
      if (row.recorder_id !== null) entry.recorderId = row.recorder_id;
      if (row.user_agent !== null) entry.userAgent = row.user_agent;
      entries.push(entry);
    }
    return { entries, warnings };
  }

  /** The newest seq kept (0: none). */
  newestSeq(): number {
    if (this.#db.connection() === undefined) return 0;
    return (
      (this.#db.statement('SELECT max(seq) FROM deliveries').pluck().get() as number | null) ?? 0
    );
  }

  /** The seq of the n-th newest delivery (1: the newest); undefined when fewer are kept. */
  nthNewestSeq(n: number): number | undefined {
    return this.#db
      .statement('SELECT seq FROM deliveries ORDER BY seq DESC LIMIT 1 OFFSET ?')
      .pluck()
      .get(n - 1) as number | undefined;
  }

  /** The oldest seq received at or after `at`. */
  oldestSeqSince(at: number): number | undefined {
    return (
      (this.#db
        .statement('SELECT min(seq) FROM deliveries WHERE received_at >= ?')
        .pluck()
        .get(at) as number | null) ?? undefined
    );
  }

  /** How many deliveries are kept. */
  count(): number {
    if (this.#db.connection() === undefined) return 0;
    return this.#db.statement('SELECT count(*) FROM deliveries').pluck().get() as number;
  }

  /** The seq up to which every delivery was processed to the end; undefined: no mark yet. */
  processedThrough(): number | undefined {
    if (this.#db.connection() === undefined) return undefined;
    return this.#db
      .statement('SELECT value FROM marks WHERE name = ?')
      .pluck()
      .get(PROCESSED_MARK) as number | undefined;
  }

  /**
   * Moves the processed mark (never back) in this turn's transaction, so that it goes with the
   * rows of the step that moved it (or none, when `still` says no once the unit runs); resolves
   * with whether it moved, once committed. The mark only spares the next start a repeat (recovery
   * finds what is past it recorded already, by key), so it asks for no sync of its own: it goes
   * with the turn's synced commit, or at the checkpoint.
   */
  markProcessed(
    throughSeq: number | (() => number),
    still: () => boolean = () => true,
  ): Promise<boolean> {
    return this.#db.commitUnsynced(() => {
      if (!still()) return false;
      this.#db
        .statement(
          `INSERT INTO marks (name, value) VALUES (?, ?)
           ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
        )
        .run(PROCESSED_MARK, typeof throughSeq === 'number' ? throughSeq : throughSeq());
      return true;
    });
  }

  /** Deletes the deliveries before `keepFrom` but those `spared`; resolves with how many went. */
  prune(keepFrom: number, spared: readonly number[] = []): Promise<number> {
    return this.#db.commit(
      () =>
        this.#db
          .statement(
            'DELETE FROM deliveries WHERE seq < ? AND seq NOT IN (SELECT value FROM json_each(?))',
          )
          .run(keepFrom, JSON.stringify(spared)).changes,
    );
  }
}
