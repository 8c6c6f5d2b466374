import type * as z from 'zod';
import { CALL_CHANNELS, isEventChannel, type CallChannel, type EventChannel } from './ipc-channels';
import type { CALLS, CallResponse, EventPayload } from './ipc-contract';

/** The window-side method name of a call channel: `history:markRead` → `historyMarkRead`. */
export type ApiMethodName<C extends string> = C extends `${infer Area}:${infer Verb}`
  ? `${Area}${Capitalize<Verb>}`
  : never;

/** What the window may pass for a call (before main parses it). */
export type CallInput<C extends CallChannel> = z.input<(typeof CALLS)[C]['request']>;

type CallFunction<C extends CallChannel> =
  undefined extends CallInput<C>
    ? (request?: CallInput<C>) => Promise<CallResponse<C>>
    : (request: CallInput<C>) => Promise<CallResponse<C>>;

/** The API the window sees as `window.recorderTray`: one function per call, plus `on` for events. */
export type RecorderTrayApi = { [C in CallChannel as ApiMethodName<C>]: CallFunction<C> } & {
  /** Subscribes to a main→window event; returns the unsubscribe function. */
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** Maps a channel name to its method name at run time. */
export function apiMethodName<C extends CallChannel>(channel: C): ApiMethodName<C> {
  const [area = '', verb = ''] = channel.split(':');
  return `${area}${verb.charAt(0).toUpperCase()}${verb.slice(1)}` as ApiMethodName<C>;
}

/** A transport for the contract: Electron IPC in the preload, HTTP + SSE in the browser preview. */
export interface ContractTransport {
  invoke(channel: CallChannel, request: unknown): Promise<unknown>;
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void;
}

/** Builds the window API over a transport; the names come from the contract, never from the caller. */
export function createRecorderTrayApi(transport: ContractTransport): RecorderTrayApi {
  const api: Record<string, unknown> = {};
  for (const channel of CALL_CHANNELS) {
    api[apiMethodName(channel)] = (request?: unknown) => transport.invoke(channel, request);
  }
  api.on = (event: unknown, listener: unknown) => {
    // The window is not trusted to name channels: only contract events, only functions.
    if (!isEventChannel(event)) throw new Error(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('on() needs a listener function');
    return transport.subscribe(event, (payload) =>
      (listener as (payload: unknown) => void)(payload),
    );
  };
  return api as RecorderTrayApi;
}
