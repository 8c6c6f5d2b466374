import type { StreamDown } from '../../../../shared/i18n/kind-text';
import type WebSocket from 'ws';
import { reconnectDelay, STREAM_BACK_OFF, type BackOff } from '../core/back-off';

/** How a socket of a recorder's events is reached and where its messages go. */
export interface EventSocketOptions {
  url: string;
  headers: Record<string, string>;
  /** One message's text; the next waits until this settles, so their order holds. */
  onMessage: (text: string) => Promise<void>;
  /** The stream's state changed: up, or down with why (for the connection light and the log). */
  onState: (state: { up: true } | ({ up: false } & StreamDown)) => void;
  backOff?: BackOff;
}

/**
 * A WebSocket of a recorder's events (blrec's `/ws/v1/events`), kept open: after a drop it
 * reconnects with back-off, and a refused API key (401 or 403 at the handshake) stops it, since
 * blrec blacklists an address after three wrong keys (src/blrec/web/security.py).
 */
export class EventSocket {
  readonly #options: EventSocketOptions;
  #socket: WebSocket | undefined;
  #timer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #stopped = false;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: EventSocketOptions) {
    this.#options = options;
  }

  /** Connects (and keeps reconnecting until stopped). */
  start(): void {
    this.#stopped = false;
    void this.#connect();
  }

  /** Closes the socket and stops reconnecting; resolves once queued messages are handed on. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#socket?.terminate();
    this.#socket = undefined;
    await this.#queue;
  }

  async #connect(): Promise<void> {
    // Loaded at the first blrec stream, not at start: no one else pays its memory (headless
    // mode's bundle keeps a dynamic import as a chunk of its own).
    const { default: Socket } = await import('ws');
    if (this.#stopped) return;
    const socket = new Socket(this.#options.url, { headers: this.#options.headers });
    this.#socket = socket;
    let refused = false;
    socket.on('open', () => {
      this.#attempt = 0;
      this.#options.onState({ up: true });
    });
    socket.on('message', (data) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      this.#queue = this.#queue.then(() => this.#options.onMessage(text)).catch(() => undefined);
    });
    socket.on('unexpected-response', (_request, response) => {
      refused = response.statusCode === 401 || response.statusCode === 403;
      const status = response.statusCode;
      this.#down(socket, { cause: refused ? 'refused' : 'http', status, final: refused });
      socket.terminate();
    });
    socket.on('error', (error) =>
      this.#down(socket, { cause: 'error', detail: error.message, final: false }),
    );
    socket.on('close', () => this.#down(socket, { cause: 'closed', final: refused }));
  }

  /** Tells of a drop once per socket and schedules the next try (none after a refused key). */
  #down(socket: WebSocket, down: StreamDown): void {
    if (this.#socket !== socket) return; // told already, or stopped
    this.#socket = undefined;
    if (this.#stopped) return;
    this.#options.onState({ up: false, ...down });
    if (down.final) return;
    this.#attempt += 1;
    const delay = reconnectDelay(this.#attempt, this.#options.backOff ?? STREAM_BACK_OFF);
    this.#timer = setTimeout(() => void this.#connect(), delay);
    this.#timer.unref?.();
  }
}
