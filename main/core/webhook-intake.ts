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

/**
 * The intake every webhook goes through: dedupe by EventId / EventRandomId, then the journal. The
 * journal is the dedupe (a unique index in the database): an id it keeps already is not written
 * again, and the delivery is a duplicate. An id being written is claimed in memory until its
 * write settles, so that two simultaneous deliveries of one event (the recorder posts to every URL
 * at once) cannot both pass; a failed write releases it so the recorder's retry can.
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
    } finally {
      if (this.#writing.get(webhook.id) === write) this.#writing.delete(webhook.id);
    }
    // Kept by an earlier delivery: its seq stays unused (the processed mark does not need every seq).
    if (!kept) return this.#duplicate(webhook, receivedAt);
    this.counters.accepted += 1;
    return { status: 'accepted', delivery: entry, webhook };
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
