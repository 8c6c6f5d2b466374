const EMPTY = Buffer.alloc(0);

/** Below this a buffer is not worth giving back. */
const KEEP_BYTES = 64 * 1024;

/**
 * Bytes reused from one body to the next: a 1,000-room list is about 1 MB, and a fresh megabyte
 * per poll starts old-space collections that made a cycle's CPU larger and less steady (issue 21).
 * It gives its memory back once bodies are much smaller than it, so a one-off huge answer is not
 * kept.
 */
export class BodyBuffer {
  #bytes: Buffer = EMPTY;
  #size = 0;

  /** Starts a new body of about `expected` bytes (0: not known); the last body's view is void. */
  reset(expected = 0): void {
    if (this.#bytes.length > KEEP_BYTES && this.#bytes.length > 4 * Math.max(this.#size, expected))
      this.#bytes = EMPTY;
    this.#size = 0;
    this.#reserve(expected);
  }

  /** Adds bytes at the end of the body, growing when they do not fit. */
  append(chunk: Uint8Array): void {
    const needed = this.#size + chunk.byteLength;
    this.#reserve(needed);
    this.#bytes.set(chunk, this.#size);
    this.#size = needed;
  }

  /** The body so far: a view, valid until the next `reset` or `append`. */
  view(): Buffer {
    return this.#bytes.subarray(0, this.#size);
  }

  // Room for `needed` bytes, with some to spare: the next body is a few bytes longer as often as not.
  #reserve(needed: number): void {
    if (needed <= this.#bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed + (needed >> 3), 2 * this.#bytes.length));
    this.#bytes.copy(grown, 0, 0, this.#size);
    this.#bytes = grown;
  }

  /** The bytes held, body or not (for tests of what it keeps). */
  get capacity(): number {
    return this.#bytes.length;
  }
}
