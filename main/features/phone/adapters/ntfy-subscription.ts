import { jsonOrUndefined } from '../../../../shared/parse';
import * as z from 'zod';
import type { Logger } from '../../../core/ports';

/** A message published to the subscribed topic. */
export interface NtfyMessage {
  id: string;
  /** Epoch ms. */
  sentAt: number;
  message: string;
}

/** Options of the subscription. */
export interface NtfySubscriptionOptions {
  /** `<origin>/<topic>`. */
  topicUrl: string;
  headers: Record<string, string>;
  log: Logger;
  /** The target, masked, for log lines. */
  name: string;
  onMessage: (message: NtfyMessage) => void;
  onConnected?: (connected: boolean) => void;
  backOffMs?: { first: number; max: number };
}

// docs.ntfy.sh/subscribe/api, "Subscribe as JSON stream": one JSON object a line, `event` one of
// open, keepalive, message, poll_request; `time` in unix seconds.
const Line = z.object({
  id: z.string(),
  time: z.number(),
  event: z.string(),
  message: z.string().optional(),
});

/**
 * Subscribes to an ntfy topic as a JSON stream (`GET /<topic>/json`), reconnecting with back-off;
 * after a reconnect it asks `since=<last id>` so that nothing published meanwhile is missed.
 */
export class NtfySubscription {
  readonly #options: NtfySubscriptionOptions;
  readonly #stop = new AbortController();
  #running: Promise<void> | undefined;
  #lastId: string | undefined;

  constructor(options: NtfySubscriptionOptions) {
    this.#options = options;
  }

  /** Starts (once). */
  start(): void {
    this.#running ??= this.#loop();
  }

  /** Stops and waits for the stream to close. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const backOff = this.#options.backOffMs ?? { first: 1000, max: 60_000 };
    let failures = 0;
    while (!this.#stop.signal.aborted) {
      const read = await this.#read().catch((error: unknown) => String(error));
      this.#options.onConnected?.(false);
      if (this.#stop.signal.aborted) return;
      if (read === 'read') failures = 0;
      else this.#options.log.warn(`phone: ${this.#options.name}: ${read}`);
      failures += 1;
      await this.#wait(Math.min(backOff.max, backOff.first * 2 ** (failures - 1)));
    }
  }

  // Reads one stream to its end: 'read' when it was open, else why not.
  async #read(): Promise<string> {
    const since = this.#lastId ? `?since=${encodeURIComponent(this.#lastId)}` : '';
    const response = await fetch(`${this.#options.topicUrl}/json${since}`, {
      headers: this.#options.headers,
      redirect: 'error',
      signal: this.#stop.signal,
    });
    if (!response.ok || !response.body) return `subscription refused: HTTP ${response.status}`;
    this.#options.onConnected?.(true);
    const decoder = new TextDecoder();
    let pending = '';
    const reader = response.body.getReader();
    // Node 20's fetch (undici 6) can leave a read under way pending forever when the request is
    // aborted (seen here as a stop that never ended; nodejs/undici#4089 is one such case), so a
    // stop cancels the reader itself, which ends that read.
    const cancel = () => void reader.cancel().catch(() => undefined);
    this.#stop.signal.addEventListener('abort', cancel, { once: true });
    if (this.#stop.signal.aborted) cancel();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        pending += decoder.decode(chunk.value, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.#line(line);
      }
    } finally {
      this.#stop.signal.removeEventListener('abort', cancel);
    }
    return 'read';
  }

  #line(text: string): void {
    const line = Line.safeParse(jsonOrUndefined(text));
    if (!line.success || line.data.event !== 'message') return;
    this.#lastId = line.data.id;
    this.#options.onMessage({
      id: line.data.id,
      sentAt: line.data.time * 1000,
      message: line.data.message ?? '',
    });
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), {
        once: true,
      });
    });
  }
}
