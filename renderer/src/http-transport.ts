import { jsonOrUndefined } from '../../shared/parse';
import type { ContractTransport } from '../../shared/contract-client';
import {
  EVENT_CHANNELS,
  parseEventPayload,
  type CallChannel,
  type EventChannel,
} from '../../shared/ipc-contract';

/** A call the bridge refused or failed, with its `path: message` reasons when it gave some. */
export class ContractCallError extends Error {
  readonly channel: CallChannel;
  readonly status: number;
  readonly reasons: readonly string[];

  constructor(channel: CallChannel, status: number, reasons: readonly string[]) {
    super(`${channel}: ${reasons.join('; ') || `HTTP ${status}`}`);
    this.name = 'ContractCallError';
    this.channel = channel;
    this.status = status;
    this.reasons = reasons;
  }
}

/** What the HTTP transport needs from the page; tests and the benchmark pass their own. */
export interface HttpTransportOptions {
  /** Base of the bridge's paths, ending in `/` (default `./`, the page's own folder). */
  base?: string;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
  /** Told when the event stream drops (false) and when it is back (true). */
  onConnection?: (connected: boolean) => void;
  /** Wait before re-opening a closed stream; grows with the attempt number. */
  reconnectDelayMs?: (attempt: number) => number;
}

const defaultDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));

function reasonsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { reasons, error } = body as { reasons?: unknown; error?: unknown };
  if (Array.isArray(reasons)) return reasons.map(String);
  return typeof error === 'string' ? [error] : [];
}

/**
 * The contract over the browser preview's bridge: `POST api/call/<channel>` with the request as
 * JSON (no body for none), and one EventSource on `api/events` shared by every subscriber. The
 * token travels in the bridge's cookie, so requests stay same-origin with credentials. After the
 * stream comes back, the state is read again: events sent while it was down are lost.
 */
export function createHttpTransport(options: HttpTransportOptions = {}): ContractTransport {
  const base = options.base ?? './';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  const delay = options.reconnectDelayMs ?? defaultDelay;
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let wasOpen = false;
  let connected = true;

  const setConnected = (value: boolean) => {
    if (value === connected) return;
    connected = value;
    options.onConnection?.(value);
  };

  const dispatch = (event: EventChannel, data: unknown) => {
    const parsed = parseEventPayload(event, data);
    if (!parsed.ok) {
      console.warn(`dropped a malformed ${event} event: ${parsed.reasons.join('; ')}`);
      return;
    }
    for (const listener of listeners.get(event) ?? []) listener(parsed.value);
  };

  const invoke = async (channel: CallChannel, request: unknown): Promise<unknown> => {
    const init: RequestInit = { method: 'POST', credentials: 'same-origin', cache: 'no-store' };
    if (request !== undefined) {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(request);
    }
    const response = await fetchImpl(`${base}api/call/${channel}`, init);
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new ContractCallError(channel, response.status, reasonsOf(body));
    return body;
  };

  const open = () => {
    retryTimer = undefined;
    const stream = new EventSourceImpl(`${base}api/events`, { withCredentials: true });
    source = stream;
    for (const event of EVENT_CHANNELS) {
      stream.addEventListener(event, (message: MessageEvent<string>) => {
        const data = jsonOrUndefined(message.data);
        if (data !== undefined) dispatch(event, data);
      });
    }
    stream.addEventListener('open', () => {
      attempt = 0;
      setConnected(true);
      if (wasOpen && (listeners.get('state:changed')?.size ?? 0) > 0) {
        invoke('state:get', undefined).then(
          (state) => dispatch('state:changed', state),
          () => undefined, // the next event or reconnect brings it
        );
      }
      wasOpen = true;
    });
    stream.addEventListener('error', () => {
      setConnected(false);
      // A CONNECTING stream retries by itself; a CLOSED one (HTTP error) needs a new EventSource.
      if (stream.readyState === EventSourceImpl.CLOSED && source === stream) {
        source = undefined;
        retryTimer = setTimeout(open, delay(attempt++));
      }
    });
  };

  const closeIfUnused = () => {
    for (const set of listeners.values()) if (set.size > 0) return;
    source?.close();
    source = undefined;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    wasOpen = false;
  };

  return {
    invoke,
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      if (source === undefined && retryTimer === undefined) open();
      return () => {
        set.delete(listener);
        closeIfUnused();
      };
    },
  };
}
