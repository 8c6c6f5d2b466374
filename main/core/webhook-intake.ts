import { parseWebhook, type RecorderWebhook } from '../../shared/recorder/webhook';
import { DEDUPE_WINDOW, EventIdWindow, type DedupeLimits } from './event-id-window';
import type { JournaledWebhook } from './journal-recovery';
import type { Clock, JournalEntry, JournalPort } from './ports';

/** The outcome of one webhook at the intake: accepted (journaled) or a duplicate. */
export type IntakeResult =
  | { status: 'accepted'; entry: JournalEntry; webhook: RecorderWebhook }
  | {
      status: 'duplicate';
      webhook: RecorderWebhook;
      receivedAt: number;
      /** The seq of the newest journal entry when the duplicate came (its place among them). */
      journalSeq: number;
    };

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
 * The door every webhook goes through: dedupe by EventId / EventRandomId, then the journal.
 * An id is claimed before the journal write so that two simultaneous deliveries of one event
 * (a URL listed twice) cannot both pass; a failed write releases it so the recorder's retry can.
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
  readonly #seen: EventIdWindow;
  /** Journal writes under way, by webhook id: a duplicate is answered only once its original is stored. */
  readonly #writing = new Map<string, Promise<void>>();
  readonly #journal: JournalPort;
  readonly #clock: Clock;
  #seq = 0;

  constructor(journal: JournalPort, clock: Clock, dedupe: DedupeLimits = DEDUPE_WINDOW) {
    this.#seen = new EventIdWindow(dedupe);
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
      source?: JournalEntry['source'];
      /** The recorder whose URL it came in on. */
      recorderId?: string;
      bodyBytes?: Uint8Array;
    } = {},
  ): Promise<IntakeResult> {
    const receivedAt = this.#clock();
    this.counters.received += 1;
    this.counters.lastWebhookAt = receivedAt;
    if (meta.userAgent !== undefined) this.counters.lastUserAgent = meta.userAgent;
    // Claimed with the seq its entry will get: the window's oldest seq bounds what the journal keeps.
    if (!this.#seen.add(webhook.id, receivedAt, this.#seq + 1)) {
      const journalSeq = this.#seq; // its place among the journal's entries, as it arrived
      // A copy delivered at the same time (the recorder posts to every URL at once) must not be
      // answered 2xx before the original is in the journal: if that write fails, so does this.
      const original = this.#writing.get(webhook.id);
      if (original) await original;
      this.counters.duplicates += 1;
      return { status: 'duplicate', webhook, receivedAt, journalSeq };
    }
    const entry: JournalEntry = {
      seq: ++this.#seq,
      receivedAt,
      source: meta.source ?? 'webhook',
      body,
    };
    if (meta.recorderId !== undefined) entry.recorderId = meta.recorderId;
    if (meta.userAgent !== undefined) entry.userAgent = meta.userAgent;
    // A throw before the write is under way releases the claim too (then the retry is no duplicate).
    try {
      const write = this.#journal.append(entry, meta.bodyBytes);
      this.#writing.set(webhook.id, write);
      await write;
    } catch (error) {
      this.#seen.delete(webhook.id);
      throw error;
    } finally {
      this.#writing.delete(webhook.id);
    }
    this.counters.accepted += 1;
    return { status: 'accepted', entry, webhook };
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
   * Re-reads journal entries at start-up, oldest first: their ids count as seen again. Returns
   * every entry that parses with its webhook (what the event log shows), the webhooks for the
   * state to replay (test events never touched it), and the entries a compacted journal must
   * keep: those whose ids the dedupe window still holds, and the newest `keepLast` in any case
   * (the event log shows them from the journal).
   */
  restore(
    entries: readonly JournalEntry[],
    keepLast = 0,
  ): {
    accepted: { entry: JournalEntry; webhook: RecorderWebhook }[];
    replay: JournaledWebhook[];
    keep: JournalEntry[];
  } {
    const restored: { entry: JournalEntry; webhook: RecorderWebhook }[] = [];
    for (const entry of entries) {
      this.#seq = Math.max(this.#seq, entry.seq);
      const parsed = parseWebhook(entry.body);
      if (!parsed.ok) continue; // nothing to dedupe or replay: dropped at the next compaction
      this.#seen.add(parsed.value.id, entry.receivedAt, entry.seq);
      restored.push({ entry, webhook: parsed.value });
    }
    // Each id was added at its own old time; what the window holds is decided by the time now.
    this.#seen.prune(this.#clock());
    const newest = restored.length - keepLast;
    return {
      accepted: restored,
      replay: restored
        .filter(({ entry }) => entry.source !== 'test')
        .map(({ entry, webhook }) => ({
          webhook,
          receivedAt: entry.receivedAt,
          seq: entry.seq,
          ...(entry.recorderId !== undefined ? { recorderId: entry.recorderId } : {}),
        })),
      keep: restored
        .filter(({ webhook }, index) => index >= newest || this.#seen.has(webhook.id))
        .map(({ entry }) => entry),
    };
  }

  /**
   * The oldest journal seq the dedupe window still needs (its oldest id's entry): a compaction
   * while running keeps every entry from there on. 0 when the window is empty.
   */
  get oldestWindowSeq(): number {
    return this.#seen.oldestSeq();
  }

  /** How many ids the dedupe window holds. */
  get rememberedIdCount(): number {
    return this.#seen.size;
  }
}
