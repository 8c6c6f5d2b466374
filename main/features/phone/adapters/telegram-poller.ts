import type { Logger } from '../../../core/ports';
import type { TelegramApi } from './telegram-api';
import { readUpdates, type TelegramUpdate } from './telegram-updates';

/** Where a bot's connection is, for Settings → Push and the log. */
export type BotConnection =
  'connecting' | 'connected' | 'badToken' | 'conflict' | 'waiting' | 'unreachable';

// getUpdates answers at most 100 updates (its `limit`'s default and maximum).
const UPDATES_LIMIT = 100;

/** Options of the poller. */
export interface TelegramPollerOptions {
  api: TelegramApi;
  log: Logger;
  /** The target, masked, for log lines. */
  name: string;
  /**
   * Handles one batch of updates (in order); the next poll waits for it. `backlog`: they waited on
   * Telegram's side while nobody polled (the app was off, or the bot unreachable).
   */
  onUpdates: (updates: TelegramUpdate[], backlog: boolean) => Promise<void>;
  onConnection?: (state: BotConnection) => void;
  /** Seconds a getUpdates call waits for updates (default 25). */
  pollSeconds?: number;
  /** The first and the longest wait after a failure (default 1 s and 60 s). */
  backOffMs?: { first: number; max: number };
  /** Timers for the waits (tests: a clock they move; default: real ones). */
  setTimer?: (fn: () => void, ms: number) => () => void;
}

/**
 * getUpdates long polling (core.telegram.org/bots/api#getupdates): no open port is needed, which a
 * desktop behind NAT has not. A 401 (or 404: a malformed token) stops it until the settings change;
 * a 429 waits `retry_after`; a 409 (another poller, or a webhook set on the bot) and network
 * failures back off, doubling up to a minute. After a start or a failure it first drains what
 * waited on Telegram's side (a poll of 0 s, again while one comes back full): that backlog is told apart,
 * since a button press carries no date of its own (core.telegram.org/bots/api#callbackquery).
 */
export class TelegramPoller {
  readonly #options: TelegramPollerOptions;
  readonly #stop = new AbortController();
  #running: Promise<void> | undefined;
  #told: BotConnection | undefined;

  constructor(options: TelegramPollerOptions) {
    this.#options = options;
  }

  /** Starts polling (once). */
  start(): void {
    this.#running ??= this.#loop().catch((error: unknown) =>
      this.#options.log.error(`phone: ${this.#options.name} polling stopped: ${String(error)}`),
    );
  }

  /** Stops polling and waits for the loop to end (a poll under way is aborted). */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { api, pollSeconds = 25 } = this.#options;
    const backOff = this.#options.backOffMs ?? { first: 1000, max: 60_000 };
    let offset: number | undefined;
    let failures = 0;
    let draining = true;
    while (!this.#stop.signal.aborted) {
      const body = {
        ...(offset !== undefined ? { offset } : {}),
        timeout: draining ? 0 : pollSeconds,
        limit: UPDATES_LIMIT,
        allowed_updates: ['message', 'callback_query'],
      };
      const answer = await api.call(
        'getUpdates',
        body,
        (pollSeconds + 10) * 1000,
        this.#stop.signal,
      );
      if (this.#stop.signal.aborted) return;
      if (answer.ok) {
        failures = 0;
        this.#connection('connected');
        const read = readUpdates(answer.result, offset);
        // Fewer than a full answer: the backlog is all read, and what comes next was sent since.
        // (Waiting for an empty answer instead would never end in a chat that is always busy.)
        const full = Array.isArray(answer.result) && answer.result.length >= UPDATES_LIMIT;
        offset = read.offset;
        if (read.updates.length > 0) await this.#options.onUpdates(read.updates, draining);
        if (!full) draining = false;
        continue;
      }
      draining = true;
      if (answer.code === 401 || answer.code === 404) {
        this.#connection('badToken', `${answer.code}: ${answer.description}`);
        return;
      }
      failures += 1;
      const doubling = Math.min(backOff.max, backOff.first * 2 ** (failures - 1));
      if (answer.code === 429) {
        this.#connection('waiting', answer.description);
        await this.#wait(answer.retryAfter !== undefined ? answer.retryAfter * 1000 : doubling);
      } else {
        this.#connection(
          answer.code === 409 ? 'conflict' : 'unreachable',
          `${answer.code || 'no answer'}: ${answer.description}`,
        );
        await this.#wait(doubling);
      }
    }
  }

  #connection(state: BotConnection, detail?: string): void {
    if (state === this.#told) return;
    this.#told = state;
    this.#options.onConnection?.(state);
    if (detail !== undefined)
      this.#options.log.warn(`phone: ${this.#options.name}: ${state} (${detail})`);
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.#stop.signal;
      const done = () => {
        cancel();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const cancel = (this.#options.setTimer ?? realTimer)(done, ms);
      signal.addEventListener('abort', done);
    });
  }
}

function realTimer(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
}
