import { slackFor } from './trim-oldest';

/** How long and how many event ids are remembered for dedupe: whichever keeps more. */
export const DEDUPE_WINDOW = { maxAgeMs: 24 * 60 * 60 * 1000, minCount: 10_000 } as const;

/**
 * The set of webhook ids (EventId / EventRandomId) seen recently. An id is forgotten only when it is
 * older than 24 h and more than 10,000 newer ids are remembered, so a retry is always recognised
 * (ids past that are forgotten in batches, every 1,250 adds).
 * Rebuilt from the journal at start-up, which is what makes it survive restarts.
 */
export class EventIdWindow {
  readonly #seenAt = new Map<string, number>(); // insertion order = arrival order
  readonly #maxAgeMs: number;
  readonly #minCount: number;
  /** Adds between two prunes (at least 1). */
  readonly #pruneEvery: number;
  #addsSincePrune = 0;

  constructor(limits: { maxAgeMs: number; minCount: number } = DEDUPE_WINDOW) {
    this.#maxAgeMs = limits.maxAgeMs;
    this.#minCount = limits.minCount;
    this.#pruneEvery = Math.max(1, slackFor(limits.minCount));
  }

  /** Whether the id was seen within the window. */
  has(id: string): boolean {
    return this.#seenAt.has(id);
  }

  /** Remembers an id; returns false when it was already there (a duplicate). */
  add(id: string, at: number): boolean {
    if (this.#seenAt.has(id)) return false;
    this.#seenAt.set(id, at);
    // Pruned every eighth of minCount adds, not per add: each prune scans past the ids deleted
    // before (see trim-oldest.ts). Remembering a few more ids for a while is the safe side.
    if (++this.#addsSincePrune >= this.#pruneEvery) {
      this.#addsSincePrune = 0;
      this.prune(at);
    }
    return true;
  }

  /** Forgets an id, e.g. when journaling it failed and the sender must be allowed to retry. */
  delete(id: string): void {
    this.#seenAt.delete(id);
  }

  /** Number of ids remembered. */
  get size(): number {
    return this.#seenAt.size;
  }

  /** Ids still inside the window, oldest first. */
  ids(): IterableIterator<string> {
    return this.#seenAt.keys();
  }

  /** Forgets what has aged out of the window by `now` (after a restore, whose ids carry old times). */
  prune(now: number): void {
    const cutoff = now - this.#maxAgeMs;
    for (const [id, at] of this.#seenAt) {
      if (this.#seenAt.size <= this.#minCount || at >= cutoff) break;
      this.#seenAt.delete(id);
    }
  }
}
