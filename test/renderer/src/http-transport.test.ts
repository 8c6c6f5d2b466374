import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractCallError, createHttpTransport } from '../../../renderer/src/http-transport';

/** An EventSource stand-in the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  readonly listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

const STATE = {
  rooms: [],
  recorder: { status: 'ok', message: 'ok' },
  recorders: [
    {
      id: 'default',
      name: 'default',
      url: 'http://127.0.0.1:2356',
      status: 'ok',
      message: 'ok',
      webhookUrl: 'http://127.0.0.1:1/webhook',
      webhooks: 'unknown',
    },
  ],
  listener: { webhookUrl: 'http://127.0.0.1:1/webhook', host: '127.0.0.1', port: 1, running: true },
  pause: { pausedUntil: null },
  unreadCount: 2,
  language: 'en',
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  FakeEventSource.instances = [];
  vi.useRealTimers();
});

describe('createHttpTransport', () => {
  it('posts a call as same-origin JSON, and a call without arguments without a body', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true }));
    const transport = createHttpTransport({ fetch, EventSource: FakeEventSource as never });
    await expect(transport.invoke('eventLog:replay', { entryId: 3 })).resolves.toEqual({
      ok: true,
    });
    await transport.invoke('state:get', undefined);
    expect(fetch.mock.calls).toEqual([
      [
        './api/call/eventLog:replay',
        {
          method: 'POST',
          credentials: 'same-origin',
          cache: 'no-store',
          headers: { 'Content-Type': 'application/json' },
          body: '{"entryId":3}',
        },
      ],
      ['./api/call/state:get', { method: 'POST', credentials: 'same-origin', cache: 'no-store' }],
    ]);
  });

  it('turns a refusal into a ContractCallError with the reasons', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(400, { error: 'bad request', reasons: ['entryId: expected number'] }),
    );
    const transport = createHttpTransport({ fetch, EventSource: FakeEventSource as never });
    const error = await transport
      .invoke('eventLog:replay', { entryId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractCallError);
    expect(error).toMatchObject({
      channel: 'eventLog:replay',
      status: 400,
      reasons: ['entryId: expected number'],
    });
    fetch.mockResolvedValueOnce(jsonResponse(401, { error: 'open the URL with its token' }));
    await expect(transport.invoke('state:get', undefined)).rejects.toMatchObject({
      reasons: ['open the URL with its token'],
    });
  });

  it('shares one event stream, hands over checked payloads only, and closes it with the last listener', () => {
    const transport = createHttpTransport({
      fetch: vi.fn(),
      EventSource: FakeEventSource as never,
    });
    const states: unknown[] = [];
    const notes: unknown[] = [];
    const offState = transport.subscribe('state:changed', (p) => states.push(p));
    const offNotes = transport.subscribe('notification:added', (p) => notes.push(p));
    expect(FakeEventSource.instances).toHaveLength(1);
    const [stream] = FakeEventSource.instances;
    expect(stream!.url).toBe('./api/events');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stream!.fire('state:changed', JSON.stringify(STATE));
    stream!.fire('state:changed', JSON.stringify({ rooms: 'not a list' }));
    stream!.fire('state:changed', 'not json');
    expect(states).toEqual([STATE]);
    expect(notes).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    offState();
    expect(stream!.readyState).toBe(FakeEventSource.CONNECTING);
    offNotes();
    expect(stream!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('reports a dropped stream, re-opens a closed one, and reads the state again once back', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => jsonResponse(200, STATE));
    const connection: boolean[] = [];
    const transport = createHttpTransport({
      fetch,
      EventSource: FakeEventSource as never,
      onConnection: (c) => connection.push(c),
      reconnectDelayMs: () => 1_000,
    });
    const states: unknown[] = [];
    transport.subscribe('state:changed', (p) => states.push(p));
    const first = FakeEventSource.instances[0]!;
    first.fire('open');
    expect(fetch).not.toHaveBeenCalled();
    first.readyState = FakeEventSource.CLOSED; // e.g. the bridge answered 401 on a retry
    first.fire('error');
    expect(connection).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.fire('open');
    expect(connection).toEqual([false, true]);
    await vi.waitFor(() => expect(states).toEqual([STATE]));
    expect(fetch).toHaveBeenCalledWith('./api/call/state:get', expect.anything());
  });
});
