import { idWordsToGuid, writeIdWords } from './id-bytes';
import { slackFor } from './trim-oldest';

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
 * How long and how many event ids are remembered for dedupe. What the recorder needs: it sends an
 * event's three attempts at 0, +1 and +2 s (each may wait up to 100 s for its answer, so a retry
 * can come about 5 minutes after the first), and a restart of this app takes seconds to minutes;
 * it never sends an event again after that. 24 h or 10,000 ids (whichever keeps more) covers
 * that many times over at any real recorder's pace (a busy one with a thousand rooms sends a few
 * events a second); the ceiling of 20,000 ids bounds memory (about 1 MB) and the journal that
 * rebuilds the window (about 12 MB) under a flood: at 2,500 events a second it still spans 8 s,
 * past the retries of an answered event.
 */
export const DEDUPE_WINDOW: DedupeLimits = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  minCount: 10_000,
  maxCount: 20_000,
};

const WORDS = 4; // 16 bytes per id
const EMPTY = 0;

/**
 * The set of webhook ids (EventId / EventRandomId) seen recently, oldest first in a ring of
 * 16-byte values with an open-addressing index over it: no string or object per id. An id is
 * forgotten when the ring is full (maxCount), or when it is older than maxAge and more than
 * minCount newer ids are remembered (checked every eighth of minCount adds: remembering a few more
 * for a while is the safe side). Rebuilt from the journal at start-up, which is what makes it
 * survive restarts.
 */
export class EventIdWindow {
  readonly #limits: DedupeLimits;
  readonly #capacity: number;
  readonly #words: Uint32Array;
  readonly #at: Float64Array;
  readonly #seq: Float64Array;
  /** Ring slot + 1 of each id, by hash with linear probing; 0 is an empty bucket. */
  readonly #index: Int32Array;
  readonly #mask: number;
  readonly #scratch = new Uint32Array(WORDS);
  readonly #pruneEvery: number;
  #head = 0; // the oldest slot
  #used = 0; // slots from head on, deleted ones included
  #size = 0;
  #addsSincePrune = 0;

  constructor(limits: DedupeLimits = DEDUPE_WINDOW) {
    this.#limits = limits;
    this.#capacity = Math.max(1, limits.maxCount);
    this.#words = new Uint32Array(this.#capacity * WORDS);
    this.#at = new Float64Array(this.#capacity).fill(Number.NaN); // NaN: a deleted slot
    this.#seq = new Float64Array(this.#capacity);
    let buckets = 4;
    while (buckets < this.#capacity * 2) buckets *= 2; // at most half full: short probes
    this.#index = new Int32Array(buckets);
    this.#mask = buckets - 1;
    this.#pruneEvery = Math.max(1, slackFor(limits.minCount));
  }

  /** Whether the id was seen within the window. */
  has(id: string): boolean {
    writeIdWords(id, this.#scratch, 0);
    return this.#find(this.#scratch) >= 0;
  }

  /**
   * Remembers an id (with the journal seq of its entry, when it has one); returns false when it
   * was already there (a duplicate).
   */
  add(id: string, at: number, seq = 0): boolean {
    const key = this.#scratch;
    writeIdWords(id, key, 0);
    if (this.#find(key) >= 0) return false;
    if (this.#used === this.#capacity) this.#evictOldest();
    const slot = (this.#head + this.#used) % this.#capacity;
    this.#words.set(key, slot * WORDS);
    this.#at[slot] = at;
    this.#seq[slot] = seq;
    this.#used += 1;
    this.#size += 1;
    this.#insert(slot);
    if (++this.#addsSincePrune >= this.#pruneEvery) {
      this.#addsSincePrune = 0;
      this.prune(at);
    }
    return true;
  }

  /** Forgets an id, e.g. when journaling it failed and the sender must be allowed to retry. */
  delete(id: string): void {
    writeIdWords(id, this.#scratch, 0);
    const bucket = this.#find(this.#scratch);
    if (bucket < 0) return;
    const slot = this.#index[bucket]! - 1;
    this.#remove(bucket);
    this.#at[slot] = Number.NaN;
    this.#size -= 1;
  }

  /** Number of ids remembered. */
  get size(): number {
    return this.#size;
  }

  /** The journal seq of the oldest id remembered (0 when none, or it came without one). */
  oldestSeq(): number {
    this.#dropDeletedHead();
    return this.#used === 0 ? 0 : this.#seq[this.#head]!;
  }

  /** Ids still inside the window, oldest first, as lowercase GUIDs. */
  *ids(): IterableIterator<string> {
    for (let i = 0; i < this.#used; i += 1) {
      const slot = (this.#head + i) % this.#capacity;
      if (!Number.isNaN(this.#at[slot])) yield idWordsToGuid(this.#words, slot * WORDS);
    }
  }

  /** Forgets what has aged out of the window by `now` (after a restore, whose ids carry old times). */
  prune(now: number): void {
    const cutoff = now - this.#limits.maxAgeMs;
    for (;;) {
      this.#dropDeletedHead();
      if (this.#used === 0 || this.#size <= this.#limits.minCount) return;
      if (this.#at[this.#head]! >= cutoff) return;
      this.#evictOldest();
    }
  }

  #dropDeletedHead(): void {
    while (this.#used > 0 && Number.isNaN(this.#at[this.#head])) this.#advanceHead();
  }

  #evictOldest(): void {
    const slot = this.#head;
    if (!Number.isNaN(this.#at[slot])) {
      this.#remove(this.#bucketOfSlot(slot));
      this.#size -= 1;
    }
    this.#advanceHead();
  }

  #advanceHead(): void {
    this.#at[this.#head] = Number.NaN;
    this.#head = (this.#head + 1) % this.#capacity;
    this.#used -= 1;
  }

  #hash(words: Uint32Array, offset: number): number {
    // GUIDs are random (v4) or time-based: mixing all four words spreads either.
    let h = Math.imul(words[offset]! ^ words[offset + 3]!, 0x9e3779b1);
    h ^= Math.imul(words[offset + 1]! ^ words[offset + 2]!, 0x85ebca6b);
    return (h ^ (h >>> 15)) & this.#mask;
  }

  #equals(slot: number, key: Uint32Array): boolean {
    const base = slot * WORDS;
    const words = this.#words;
    return (
      words[base] === key[0] &&
      words[base + 1] === key[1] &&
      words[base + 2] === key[2] &&
      words[base + 3] === key[3]
    );
  }

  /** The bucket holding `key`, or -1. */
  #find(key: Uint32Array): number {
    for (let bucket = this.#hash(key, 0); ; bucket = (bucket + 1) & this.#mask) {
      const entry = this.#index[bucket]!;
      if (entry === EMPTY) return -1;
      if (this.#equals(entry - 1, key)) return bucket;
    }
  }

  #bucketOfSlot(slot: number): number {
    for (let bucket = this.#hash(this.#words, slot * WORDS); ; bucket = (bucket + 1) & this.#mask) {
      if (this.#index[bucket] === slot + 1) return bucket;
    }
  }

  #insert(slot: number): void {
    let bucket = this.#hash(this.#words, slot * WORDS);
    while (this.#index[bucket] !== EMPTY) bucket = (bucket + 1) & this.#mask;
    this.#index[bucket] = slot + 1;
  }

  /** Empties a bucket and shifts later ones of the probe run back (no tombstones to pile up). */
  #remove(bucket: number): void {
    const index = this.#index;
    let hole = bucket;
    for (
      let next = (hole + 1) & this.#mask;
      index[next] !== EMPTY;
      next = (next + 1) & this.#mask
    ) {
      const home = this.#hash(this.#words, (index[next]! - 1) * WORDS);
      // The entry may move into the hole when its home is not in the cyclic range (hole, next].
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (!between) {
        index[hole] = index[next]!;
        hole = next;
      }
    }
    index[hole] = EMPTY;
  }
}
