/** Bounds of the dedupe window: by age, with a floor and a ceiling on the count. */
export interface DedupeLimits {
  /** Ids younger than this are kept (up to maxCount). */
  maxAgeMs: number;
  /** At least this many of the newest ids are kept, however old. */
  minCount: number;
  /** Never more than this many: the oldest go first. */
  maxCount: number;
}

/**
 * How long and how many deliveries (and so event ids) are remembered for dedupe. What the
 * recorder needs: it sends an event's three attempts at 0, +1 and +2 s (each may wait up to 100 s
 * for its answer, so a retry can come about 5 minutes after the first), and a restart of this app
 * takes seconds to minutes; it never sends an event again after that. 24 h or 10,000 ids
 * (whichever keeps more) covers that many times over at any real recorder's pace; the ceiling of
 * 20,000 bounds the table under a flood: at 2,500 events a second it still spans 8 s, past the
 * retries of an answered event.
 */
export const DEDUPE_WINDOW: DedupeLimits = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  minCount: 10_000,
  maxCount: 20_000,
};

/** How often the deliveries past their bounds are deleted: every `pruneEvery` new deliveries. */
export interface DeliveryPruning {
  pruneEvery: number;
}

/** What the app uses: a delete of about a thousand rows at a time, a few ms. */
export const DELIVERY_PRUNING: DeliveryPruning = { pruneEvery: 1000 };

/** Looks into the deliveries kept, newest first by seq. */
export interface DeliveryLook {
  /** The seq of the n-th newest delivery (1: the newest); undefined when fewer are kept. */
  nthNewestSeq(n: number): number | undefined;
  /** The oldest seq received at or after `at`; undefined when none was. */
  oldestSeqSince(at: number): number | undefined;
}

/** What the deliveries are still needed for, besides the dedupe window. */
export interface DeliveryNeeds {
  /** Every delivery up to here reached the state, the Files list and the history. */
  processedThrough: number;
  /** The oldest delivery the event log's rows still refer to for their body (Infinity: none). */
  eventLogFrom: number;
}

/** The first seq the dedupe window needs: the newest minCount or those younger than maxAge, at most maxCount. */
export function windowKeepFrom(limits: DedupeLimits, now: number, look: DeliveryLook): number {
  const floor = limits.minCount > 0 ? (look.nthNewestSeq(limits.minCount) ?? 0) : Infinity;
  const young = look.oldestSeqSince(now - limits.maxAgeMs) ?? Infinity;
  const ceiling = look.nthNewestSeq(Math.max(1, limits.maxCount)) ?? 0;
  return Math.max(ceiling, Math.min(floor, young));
}

/**
 * The first seq the deliveries table must keep: those past the processed mark (start-up recovery
 * runs them), those the dedupe window holds, and those the event log shows. Seqs only grow,
 * so all of these are one tail of the table.
 */
export function keepFromSeq(needs: DeliveryNeeds, windowFrom: number): number {
  return Math.max(1, Math.min(needs.processedThrough + 1, windowFrom, needs.eventLogFrom));
}
