import type { StreamDown } from '../../../../shared/i18n/kind-text';
import { createParser } from 'eventsource-parser';
import { reconnectDelay, STREAM_BACK_OFF, type BackOff } from '../core/back-off';

/** How a Server-Sent Events stream of a recorder is reached and where its events go. */
export interface EventSourceStreamOptions {
  url: string;
  /** One event (`event:` name and `data:` text); the next waits until this settles. */
  onEvent: (event: { name: string; data: string }) => Promise<void>;
  /** The stream's state changed: up, or down with why (for the log and the connection light). */
  onState: (state: { up: true } | ({ up: false } & StreamDown)) => void;
  backOff?: BackOff;
}

/**
 * A Server-Sent Events stream of a recorder's events (bililive-go's `/api/sse`), read with
 * `eventsource-parser` over `fetch` and kept open: after a drop or a refusal it reconnects with
 * back-off, until stopped.
 */
export class EventSourceStream {
  readonly #options: EventSourceStreamOptions;
  #abort: AbortController | undefined;
  #timer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: EventSourceStreamOptions) {
    this.#options = options;
  }

  /** Connects (and keeps reconnecting until stopped). */
  start(): void {
    void this.#run();
  }

  /** Closes the stream and stops reconnecting; resolves once queued events are handed on. */
  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    const abort = this.#abort;
    this.#abort = undefined;
    abort?.abort();
    await this.#queue;
  }

  async #run(): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    let down: StreamDown = { cause: 'closed', final: false };
    try {
      const response = await fetch(this.#options.url, {
        headers: { Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        down = { cause: 'http', status: response.status, final: false };
      } else {
        this.#attempt = 0;
        this.#options.onState({ up: true });
        await this.#read(response.body);
      }
    } catch (error) {
      down = { cause: 'error', detail: (error as Error).message, final: false };
    }
    if (this.#abort !== abort) return; // stopped
    this.#options.onState({ up: false, ...down });
    this.#attempt += 1;
    const delay = reconnectDelay(this.#attempt, this.#options.backOff ?? STREAM_BACK_OFF);
    this.#timer = setTimeout(() => void this.#run(), delay);
    this.#timer.unref?.();
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = createParser({
      onEvent: ({ event, data }) => {
        const next = { name: event ?? 'message', data };
        this.#queue = this.#queue.then(() => this.#options.onEvent(next)).catch(() => undefined);
      },
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  }
}
