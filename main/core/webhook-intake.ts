import { parseWebhook, type RecorderWebhook } from '../../shared/recorder/webhook';
import type { Clock, JournalPort, KeptDelivery, ReplayedDelivery } from './ports';

/** The outcome of one webhook at the intake: accepted (journaled) or a duplicate. */
export type IntakeResult =
  | { status: 'accepted'; delivery: KeptDelivery; webhook: RecorderWebhook }
  | { status: 'duplicate'; webhook: RecorderWebhook; receivedAt: number };

/** Counters reported by `/health`. */
export interface IntakeCounters {
  received: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  lastWebhookAt: number | null;
  lastUserAgent: string | null;
}

/** Deliveries whose write failed that the intake remembers, the oldest forgotten first. */
const UNSURE_LIMIT = 1_000;

/**
 * How long a failed write waits for its retry: the recorder makes three attempts, 1 s and 2 s
 * apart, each timing out after 100 s (docs/recorder.md); a retry later than this never comes.
 */
export const UNSURE_KEEP_MS = 10 * 60_000;

/**
 * The intake every webhook goes through: dedupe by EventId / EventRandomId, then the journal. The
 * journal is the dedupe (a unique index in the database): an id it keeps already is not written
 * again, and the delivery is a duplicate. An id being written is claimed in memory until its
 * write settles, so that two simultaneous deliveries of one event (the recorder posts to every URL
 * at once) cannot both pass; a failed write releases it so the recorder's retry can.
 * A failed write may still have been kept: the database commits, then syncs, and a failed sync
 * (EIO, or ENOSPC from a network file system's write-back) leaves the row in place, unanswered
 * (5xx). The recorder's retry then meets it as "kept already"; when the row kept is that write's
 * own (its seq), it is not a duplicate but the same delivery, never handed on: it is accepted with
 * the failed write's entry, once the retry's own commit is on the disk. Until that retry comes (or
 * no longer can), the processed mark stays below the failed write's seq (`oldestUnsureSeq`): a
 * kill meanwhile runs its row, if kept, at the next start, where the retry would be a duplicate.
 */
export class WebhookIntake {
  readonly counters: IntakeCounters = {
    received: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    lastWebhookAt: null,
    lastUserAgent: null,
  };
  /** Journal writes under way, by webhook id: a duplicate is answered only once its original is stored. */
  readonly #writing = new Map<string, Promise<boolean>>();
  /** Entries whose write failed, by webhook id: they may be in the journal all the same. */
  readonly #unsure = new Map<string, KeptDelivery>();
  readonly #journal: JournalPort;
  readonly #clock: Clock;
  #seq = 0;

  constructor(journal: JournalPort, clock: Clock) {
    this.#journal = journal;
    this.#clock = clock;
  }

  /**
   * Accepts a parsed webhook: resolves once it is journaled (accepted) or recognised (duplicate).
   * `meta.bodyBytes` are the body's bytes as received, for the journal to store as they are.
   */
  async accept(
    webhook: RecorderWebhook,
    body: unknown,
    meta: {
      userAgent?: string;
      source?: KeptDelivery['source'];
      /** The recorder whose URL it came in on. */
      recorderId?: string;
      bodyBytes?: Uint8Array;
    } = {},
  ): Promise<IntakeResult> {
    const receivedAt = this.#clock();
    this.counters.received += 1;
    this.counters.lastWebhookAt = receivedAt;
    if (meta.userAgent !== undefined) this.counters.lastUserAgent = meta.userAgent;
    const original = this.#writing.get(webhook.id);
    if (original !== undefined) {
      // A copy delivered at the same time must not be answered 2xx before the original is in the
      // journal: if that write fails, so does this.
      await original;
      return this.#duplicate(webhook, receivedAt);
    }
    const entry: KeptDelivery = {
      seq: ++this.#seq,
      receivedAt,
      source: meta.source ?? 'webhook',
      body,
    };
    if (meta.recorderId !== undefined) entry.recorderId = meta.recorderId;
    if (meta.userAgent !== undefined) entry.userAgent = meta.userAgent;
    // Claimed until the write settles; a throw before the write is under way releases it too.
    let write: Promise<boolean> | undefined;
    let kept: boolean;
    try {
      write = this.#journal.append(entry, webhook, meta.bodyBytes);
      this.#writing.set(webhook.id, write);
      kept = await write;
    } catch (error) {
      this.#rememberUnsure(webhook.id, entry);
      throw error;
    } finally {
      if (this.#writing.get(webhook.id) === write) this.#writing.delete(webhook.id);
    }
    // Almost always empty: no look-up on the hot path then.
    const unsure = this.#unsure.size > 0 ? this.#takeUnsure(webhook.id) : undefined;
    // Kept by the write that failed to answer (its row, its seq): that delivery, handed on now.
    // A row of another seq is an earlier delivery's: the failed write was a duplicate already.
    if (!kept && unsure !== undefined && this.#journal.keptSeq?.(webhook.id) === unsure.seq)
      return this.#accepted(unsure, webhook);
    // Kept by an earlier delivery: its seq stays unused (the processed mark does not need every seq).
    if (!kept) return this.#duplicate(webhook, receivedAt);
    return this.#accepted(entry, webhook);
  }

  #accepted(delivery: KeptDelivery, webhook: RecorderWebhook): IntakeResult {
    this.counters.accepted += 1;
    return { status: 'accepted', delivery, webhook };
  }

  #rememberUnsure(id: string, entry: KeptDelivery): void {
    // The first failure's entry: the row, if one was kept, may well be its own.
    if (this.#unsure.has(id)) return;
    this.#unsure.set(id, entry);
    if (this.#unsure.size > UNSURE_LIMIT) this.#unsure.delete(this.#unsure.keys().next().value!);
  }

  #takeUnsure(id: string): KeptDelivery | undefined {
    const unsure = this.#unsure.get(id);
    this.#unsure.delete(id);
    return unsure;
  }

  /**
   * The seq of the oldest failed write whose retry may still come (undefined: none): the processed
   * mark stays below it. Entries older than UNSURE_KEEP_MS are forgotten here.
   */
  oldestUnsureSeq(): number | undefined {
    const now = this.#clock();
    let oldest: number | undefined;
    for (const [id, entry] of this.#unsure) {
      if (now - entry.receivedAt > UNSURE_KEEP_MS) this.#unsure.delete(id);
      else if (oldest === undefined || entry.seq < oldest) oldest = entry.seq;
    }
    return oldest;
  }

  #duplicate(webhook: RecorderWebhook, receivedAt: number): IntakeResult {
    this.counters.duplicates += 1;
    return { status: 'duplicate', webhook, receivedAt };
  }

  /** The seq of the newest journal entry (0 before the first). */
  get journalSeq(): number {
    return this.#seq;
  }

  /** Counts a request refused before it reached the intake (bad JSON, schema, size, type). */
  countRejected(): void {
    this.counters.received += 1;
    this.counters.rejected += 1;
  }

  /**
   * Re-reads journal entries at start-up, oldest first (`newestSeq`: the newest seq ever given,
   * which may be past the entries). Returns every entry that parses with its webhook (what the
   * event log shows) and the webhooks for the state to replay (test events never touched it).
   */
  restore(
    entries: readonly KeptDelivery[],
    newestSeq = 0,
  ): {
    accepted: { delivery: KeptDelivery; webhook: RecorderWebhook }[];
    replay: ReplayedDelivery[];
  } {
    this.#seq = Math.max(this.#seq, newestSeq);
    const restored: { delivery: KeptDelivery; webhook: RecorderWebhook }[] = [];
    for (const entry of entries) {
      this.#seq = Math.max(this.#seq, entry.seq);
      const parsed = parseWebhook(entry.body);
      if (!parsed.ok) continue; // nothing to replay: dropped with the rows past their bounds
      restored.push({ delivery: entry, webhook: parsed.value });
    }
    return {
      accepted: restored,
      replay: restored
        .filter(({ delivery }) => delivery.source !== 'test')
        .map(({ delivery, webhook }) => ({
          webhook,
          receivedAt: delivery.receivedAt,
          seq: delivery.seq,
          ...(delivery.recorderId !== undefined ? { recorderId: delivery.recorderId } : {}),
        })),
    };
  }
}
