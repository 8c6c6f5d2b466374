/** Default time between two polls. */
export const DEFAULT_POLL_INTERVAL_MS = 10_000;
/** Default cap of the back-off after failures. */
export const DEFAULT_MAX_BACKOFF_MS = 120_000;

/** Options of a Poller. */
export interface PollerOptions {
  /** One poll; `ok: false` (or a throw) counts as a failure and lengthens the wait. */
  poll: (signal: AbortSignal) => Promise<{ ok: boolean }>;
  /** Wait between the end of one poll and the start of the next, after a success. */
  intervalMs?: number;
  /** The back-off doubles after each failure up to this (never below `intervalMs`). */
  maxBackoffMs?: number;
  /** Adds a random 0…jitterMs to each wait, so that several clients do not poll in step. */
  jitterMs?: number;
  /** Called with whatever `poll` threw. */
  onError?: (error: unknown) => void;
  /** For testing: the random source of the jitter. */
  random?: () => number;
  /** For testing: the clock used to measure time since the last poll. */
  now?: () => number;
}

/**
 * Runs `poll` again and again with one chained `setTimeout`, never two at once, with back-off after
 * failures. Modeled on GitHub Desktop's background-fetcher: a `stopped` check after every `await`.
 */
export class Poller {
  readonly #poll: PollerOptions['poll'];
  readonly #maxBackoffMs: number;
  readonly #jitterMs: number;
  readonly #onError: ((error: unknown) => void) | undefined;
  readonly #random: () => number;
  readonly #now: () => number;
  #intervalMs: number;
  #started = false;
  #stopped = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | undefined;
  #abort: AbortController | undefined;
  #againAfterInFlight = false;
  #failures = 0;
  #lastPollEndedAt: number | undefined;

  constructor(options: PollerOptions) {
    this.#poll = options.poll;
    this.#intervalMs = checkDelay(options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS, 'intervalMs');
    this.#maxBackoffMs = checkDelay(options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, 'maxBackoffMs');
    this.#jitterMs = checkDelay(options.jitterMs ?? 0, 'jitterMs');
    this.#onError = options.onError;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
  }

  /** Failures since the last success. */
  get consecutiveFailures(): number {
    return this.#failures;
  }

  /** Whether a poll is running right now. */
  get polling(): boolean {
    return this.#inFlight !== undefined;
  }

  /** The wait after the last poll, before jitter: the interval, or the back-off after failures. */
  get currentDelayMs(): number {
    if (this.#failures === 0) return this.#intervalMs;
    const backoff = Math.min(this.#intervalMs * 2 ** this.#failures, this.#maxBackoffMs);
    return Math.max(this.#intervalMs, backoff);
  }

  /** Polls at once, then keeps polling. A second call does nothing; a stopped poller cannot restart. */
  start(): void {
    if (this.#stopped)
      throw new Error('A stopped Poller cannot be started again; create a new one.');
    if (this.#started) return;
    this.#started = true;
    this.#run();
  }

  /** Stops polling and aborts the poll in flight; resolves once that poll has settled. */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#clearTimer();
    this.#abort?.abort(new Error('Poller stopped'));
    return this.#inFlight ?? Promise.resolve();
  }

  /** Polls now (after a settings change, a resume, a click); during a poll, once more right after it. */
  pollNow(): void {
    if (!this.#started || this.#stopped) return;
    if (this.#inFlight) {
      this.#againAfterInFlight = true;
      return;
    }
    this.#clearTimer();
    this.#run();
  }

  /** Changes the interval; a wait already running is re-timed from the end of the last poll. */
  setInterval(intervalMs: number): void {
    this.#intervalMs = checkDelay(intervalMs, 'intervalMs');
    if (!this.#started || this.#stopped || this.#inFlight || this.#timer === undefined) return;
    this.#clearTimer();
    const elapsed = this.#now() - (this.#lastPollEndedAt ?? this.#now());
    this.#schedule(Math.max(0, this.#delayWithJitter() - elapsed));
  }

  #run(): void {
    const run = this.#pollOnce();
    this.#inFlight = run;
    void run.finally(() => {
      if (this.#inFlight === run) this.#inFlight = undefined;
      if (this.#stopped) return;
      if (this.#againAfterInFlight) {
        this.#againAfterInFlight = false;
        this.#run();
        return;
      }
      this.#schedule(this.#delayWithJitter());
    });
  }

  async #pollOnce(): Promise<void> {
    this.#timer = undefined;
    const abort = new AbortController();
    this.#abort = abort;
    let ok = false;
    try {
      ok = (await this.#poll(abort.signal)).ok === true;
    } catch (error) {
      if (!this.#stopped) this.#report(error);
    }
    this.#abort = undefined;
    if (this.#stopped) return;
    this.#failures = ok ? 0 : this.#failures + 1;
    this.#lastPollEndedAt = this.#now();
  }

  // A throwing error handler must not break the chain of timers.
  #report(error: unknown): void {
    try {
      this.#onError?.(error);
    } catch {
      // Nothing left to tell.
    }
  }

  #delayWithJitter(): number {
    const jitter = this.#jitterMs > 0 ? Math.floor(this.#random() * this.#jitterMs) : 0;
    return this.currentDelayMs + jitter;
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#stopped) this.#run();
    }, delayMs);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

function checkDelay(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a finite number ≥ 0, got ${value}`);
  return value;
}
