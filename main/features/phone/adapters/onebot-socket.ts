import { jsonOrUndefined } from '../../../../shared/parse';
import WebSocket from 'ws';
import type { Logger } from '../../../core/ports';

/** Options of the forward WebSocket. */
export interface OneBotSocketOptions {
  /** The implementation's WebSocket server, e.g. `ws://127.0.0.1:6700` (its `/` serves events and the API). */
  url: string;
  token?: string;
  log: Logger;
  /** The target, masked, for log lines. */
  name: string;
  onEvent: (json: unknown) => void;
  onConnected?: (connected: boolean) => void;
  /** The first and the longest wait before reconnecting (default 1 s and 60 s). */
  backOffMs?: { first: number; max: number };
}

/**
 * A forward WebSocket to a OneBot v11 implementation (https://github.com/botuniverse/onebot-11/blob/master/communication/ws.md): events arrive as the
 * HTTP POST's JSON; API calls go back as `{action, params}`. The access token goes in
 * `Authorization: Bearer` (https://github.com/botuniverse/onebot-11/blob/master/communication/authorization.md). Reconnects with back-off.
 */
export class OneBotSocket {
  readonly #options: OneBotSocketOptions;
  #socket: WebSocket | undefined;
  #stopped = false;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: OneBotSocketOptions) {
    this.#options = options;
  }

  /** Connects (and keeps reconnecting until stopped). */
  start(): void {
    this.#connect();
  }

  /** Calls an API action; false when not connected. */
  call(action: string, params: object): boolean {
    if (this.#socket?.readyState !== WebSocket.OPEN) return false;
    this.#socket.send(JSON.stringify({ action, params }));
    return true;
  }

  /** Closes the socket and stops reconnecting. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#socket?.terminate();
  }

  #connect(): void {
    const { url, token, log, name } = this.#options;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const socket = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    this.#socket = socket;
    socket.on('open', () => {
      this.#failures = 0;
      this.#options.onConnected?.(true);
    });
    socket.on('message', (data) => {
      const json = jsonOrUndefined(String(data));
      if (json !== undefined) this.#options.onEvent(json);
    });
    // 'error' comes before 'close'; its words are the socket's own (no token in them).
    socket.on('error', (error) => log.warn(`phone: ${name}: ${error.message}`));
    socket.on('close', () => {
      this.#options.onConnected?.(false);
      if (this.#stopped) return;
      this.#failures += 1;
      const backOff = this.#options.backOffMs ?? { first: 1000, max: 60_000 };
      const wait = Math.min(backOff.max, backOff.first * 2 ** (this.#failures - 1));
      this.#timer = setTimeout(() => this.#connect(), wait);
    });
  }
}
