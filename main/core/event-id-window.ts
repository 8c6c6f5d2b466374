/** How long and how many event ids are remembered for dedupe: whichever keeps more. */
export const DEDUPE_WINDOW = { maxAgeMs: 24 * 60 * 60 * 1000, minCount: 10_000 } as const;

/**
 * The set of webhook ids (EventId / EventRandomId) seen recently. An id is forgotten only when it is
 * older than 24 h and more than 10,000 newer ids are remembered, so a retry is always recognised
 * (ids past that are forgotten in batches, so up to an eighth more may be held a while).
 * Rebuilt from the journal at start-up, which is what makes it survive restarts.
 */
export class EventIdWindow {
  readonly #seenAt = new Map<string, number>(); // insertion order = arrival order
  readonly #maxAgeMs: number;
  readonly #minCount: number;

  constructor(limits: { maxAgeMs: number; minCount: number } = DEDUPE_WINDOW) {
    this.#maxAgeMs = limits.maxAgeMs;
    this.#minCount = limits.minCount;
  }

  /** Whether the id was seen within the window. */
  has(id: string): boolean {
    return this.#seenAt.has(id);
  }

  /** Remembers an id; returns false when it was already there (a duplicate). */
  add(id: string, at: number): boolean {
    if (this.#seenAt.has(id)) return false;
    this.#seenAt.set(id, at);
    // Pruned once an eighth more than minCount are held, not per add: each prune scans past the
    // ids deleted before (see trim-oldest.ts). Remembering a few more ids is the safe side.
    if (this.#seenAt.size > this.#minCount + (this.#minCount >> 3)) this.#prune(at);
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

  /** Ids still inside the window, oldest first (what a compacted journal must keep). */
  ids(): IterableIterator<string> {
    return this.#seenAt.keys();
  }

  /** Forgets what has aged out of the window by `now` (after a restore, whose ids carry old times). */
  prune(now: number): void {
    this.#prune(now);
  }

  #prune(now: number): void {
    const cutoff = now - this.#maxAgeMs;
    for (const [id, at] of this.#seenAt) {
      if (this.#seenAt.size <= this.#minCount || at >= cutoff) break;
      this.#seenAt.delete(id);
    }
  }
}
