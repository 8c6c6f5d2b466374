import { errorMessage } from '../../core/log-text';
import type { DatabaseHandle } from './database-handle';

interface Unit {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Told once, at the first failed try (a popup waiting on it goes at once). */
  failedOnce?: ((error: unknown) => void) | undefined;
  /** False for a mark that only prevents a repeat (DatabaseHandle.commitUnsynced). */
  synced: boolean;
}

/** The longest wait between two tries while the database cannot be written. */
const MAX_RETRY_MS = 30_000;

/**
 * The history's writes through the database's group commit, retried while it cannot be written
 * (a full disk, a read-only folder): the recorder retries a refused webhook, but nobody retries a
 * decision or a finished file made from one already answered, so they are held in memory and
 * tried again, in order, until they commit (as the history files were before the database). The
 * processed mark waits meanwhile (`trouble`), so a kill loses nothing the journal does not redo.
 */
export class HistoryWriter {
  readonly #db: DatabaseHandle;
  readonly #warn: (message: string) => void;
  readonly #onTrouble: (trouble: string | undefined) => void;
  readonly #retryMs: number;
  readonly #inFlight = new Set<Promise<unknown>>();
  #waiting: Unit[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delay: number;
  #trouble: string | undefined;
  #closed = false;

  constructor(
    db: DatabaseHandle,
    options: {
      warn: (message: string) => void;
      onTrouble?: ((trouble: string | undefined) => void) | undefined;
      retryMs?: number | undefined;
    },
  ) {
    this.#db = db;
    this.#warn = options.warn;
    this.#onTrouble = options.onTrouble ?? (() => undefined);
    this.#retryMs = options.retryMs ?? 1_000;
    this.#delay = this.#retryMs;
  }

  /**
   * Runs `work` in this turn's transaction; resolves with its result once committed, after as
   * many tries as the disk needs. Rejects only when the work itself fails (its own error, not
   * the disk's: dropped with a warning) or the store closed first. `synced: false`: a mark that
   * only prevents a repeat, committed without a sync of its own (DatabaseHandle.commitUnsynced).
   */
  write<T>(
    work: () => T,
    failedOnce?: (error: unknown) => void,
    { synced = true }: { synced?: boolean } = {},
  ): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the history is closed'));
    return new Promise<T>((resolve, reject) => {
      const resolveAny = resolve as (value: unknown) => void;
      const unit: Unit = { work, resolve: resolveAny, reject, failedOnce, synced };
      // While earlier writes wait for the disk, later ones wait behind them: order is kept.
      if (this.#waiting.length > 0) this.#waiting.push(unit);
      else this.#try(unit);
    });
  }

  /** Why the history cannot be written now (writes wait in memory); undefined: it can. */
  get trouble(): string | undefined {
    return this.#trouble;
  }

  /** Resolves once every try under way ended (a write still waiting for the disk is `trouble`). */
  async flush(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Stops retrying; what still waits for the disk is given up (the journal still has it). */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
    clearTimeout(this.#timer);
    const given = this.#waiting.splice(0);
    if (given.length > 0)
      this.#warn(`history: gave up writing at close: ${given.length} change(s) not written`);
    for (const unit of given) unit.reject(new Error('the history closed before it could write'));
  }

  #try(unit: Unit): void {
    const attempt = (
      unit.synced ? this.#db.commit(unit.work) : this.#db.commitUnsynced(unit.work)
    ).then(unit.resolve, (error: unknown) => this.#failed(unit, error));
    this.#inFlight.add(attempt);
    void attempt.finally(() => this.#inFlight.delete(attempt));
  }

  #failed(unit: Unit, error: unknown): void {
    // The database says so when the whole turn failed (the disk); otherwise the work's own error.
    if (this.#closed || this.#db.trouble === undefined) {
      this.#warn(`history: a change could not be written and was dropped: ${errorMessage(error)}`);
      unit.reject(error);
      return;
    }
    unit.failedOnce?.(error);
    unit.failedOnce = undefined;
    this.#waiting.push(unit);
    this.#setTrouble(`cannot write the history: ${errorMessage(error)}`);
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.#retry(), this.#delay);
      this.#timer.unref?.();
      this.#delay = Math.min(this.#delay * 2, MAX_RETRY_MS);
    }
  }

  #retry(): void {
    this.#timer = undefined;
    const units = this.#waiting.splice(0);
    for (const unit of units) this.#try(unit);
    void this.flush().then(() => {
      if (this.#waiting.length > 0) return;
      this.#delay = this.#retryMs;
      this.#setTrouble(undefined);
    });
  }

  #setTrouble(trouble: string | undefined): void {
    // Told when it starts and when it ends, not at every failed try.
    if ((trouble === undefined) === (this.#trouble === undefined)) return;
    this.#trouble = trouble;
    if (trouble !== undefined) this.#warn(`history: ${trouble}; retrying`);
    this.#onTrouble(trouble);
  }
}
