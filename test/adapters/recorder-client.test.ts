import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthHeader, RecorderClient } from '../../main/adapters/recorder-client';
import {} from '../fakes/fake-recorder/index';
import { serveOnLoopback } from '../helpers/http';
import { fakeRecorders } from '../fakes/fake-recorder/test-kit';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A one-handler HTTP server on 127.0.0.1, closed after the test. */
const serve = (handler: http.RequestListener): Promise<string> =>
  serveOnLoopback(handler, cleanups);

const fake = fakeRecorders();

const reply =
  (status: number, contentType: string | undefined, body: string): http.RequestListener =>
  (_req, res) => {
    res.writeHead(status, contentType ? { 'Content-Type': contentType } : {});
    res.end(body);
  };

describe('RecorderClient against the fake recorder', () => {
  it('lists rooms and finds a room by short id, long id and 0', async () => {
    const recorder = await fake({ rooms: 6 });
    const client = new RecorderClient({ baseUrl: `${recorder.url}/` });
    const list = await client.listRooms();
    expect(list.ok && list.value.map((r) => r.roomId)).toEqual(
      recorder.state.rooms.map((r) => r.roomId),
    );

    const byShort = await client.getRoom(3);
    expect(byShort.ok && byShort.value.roomId).toBe(23058);
    const byLong = await client.getRoom(23058);
    expect(byLong.ok && byLong.value.shortId).toBe(3);
    const firstWithoutShortId = recorder.state.rooms.find((r) => r.shortId === 0);
    const zero = await client.getRoom(0);
    expect(zero.ok && zero.value.roomId).toBe(firstWithoutShortId?.roomId);
  });

  it('gives a distinct room-not-found for the JSON 404 of an unknown room', async () => {
    const recorder = await fake();
    const result = await new RecorderClient({ baseUrl: recorder.url }).getRoom(999);
    expect(result).toEqual({
      ok: false,
      status: 'room-not-found',
      detail: 'room 999 not found',
      httpStatus: 404,
    });
  });

  it('reads the version', async () => {
    const recorder = await fake();
    const result = await new RecorderClient({ baseUrl: recorder.url }).getVersion();
    expect(result.ok && result.value.fullSemVer).toBe('2.11.1');
  });

  it('sends a non-ASCII password as base64 of its UTF-8 bytes', async () => {
    const recorder = await fake({ user: '录播', pass: 'pässwörd密码🔑' });
    const good = new RecorderClient({
      baseUrl: recorder.url,
      username: '录播',
      password: 'pässwörd密码🔑',
    });
    expect((await good.listRooms()).ok).toBe(true);
    const wrong = new RecorderClient({
      baseUrl: recorder.url,
      username: '录播',
      password: 'passwort',
    });
    expect(await wrong.listRooms()).toMatchObject({
      ok: false,
      status: 'unauthorized',
      httpStatus: 401,
    });
  });

  it('classifies 401 without credentials as unauthorized', async () => {
    const recorder = await fake({ user: 'u', pass: 'p' });
    const result = await new RecorderClient({ baseUrl: recorder.url }).listRooms();
    expect(result).toMatchObject({ ok: false, status: 'unauthorized' });
  });

  it('classifies the 412 plain-text answer as the open-access guard', async () => {
    const recorder = await fake({ openAccessGuard: true });
    const result = await new RecorderClient({ baseUrl: recorder.url }).listRooms();
    expect(result).toMatchObject({ ok: false, status: 'open-access-guard', httpStatus: 412 });
  });

  it('classifies the HTML 404 of a wrong base URL as not-a-recorder', async () => {
    const recorder = await fake();
    const client = new RecorderClient({ baseUrl: `${recorder.url}/api` });
    expect(await client.listRooms()).toMatchObject({
      ok: false,
      status: 'not-a-recorder',
      httpStatus: 404,
    });
    expect(await client.getRoom(3)).toMatchObject({
      ok: false,
      status: 'not-a-recorder',
      httpStatus: 404,
    });
  });
});

describe('RecorderClient failure table', () => {
  it('connection refused → unreachable', async () => {
    const url = await serve(reply(200, 'application/json', '[]'));
    await cleanups.pop()?.(); // closes the server: the port is now refused
    const result = await new RecorderClient({ baseUrl: url }).listRooms();
    expect(result).toEqual({ ok: false, status: 'unreachable', detail: 'ECONNREFUSED' });
  });

  it('DNS failure → unreachable with the resolver code', async () => {
    const dnsError = Object.assign(new Error('getaddrinfo ENOTFOUND recorder.invalid'), {
      code: 'ENOTFOUND',
    });
    const failingFetch: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: dnsError }));
    const client = new RecorderClient({
      baseUrl: 'http://recorder.invalid:2356',
      fetch: failingFetch,
    });
    expect(await client.listRooms()).toEqual({
      ok: false,
      status: 'unreachable',
      detail: 'ENOTFOUND',
    });
  });

  it('time-out → unreachable', async () => {
    const url = await serve(() => {
      // Never answers.
    });
    const result = await new RecorderClient({ baseUrl: url, timeoutMs: 150 }).listRooms();
    expect(result).toEqual({ ok: false, status: 'unreachable', detail: 'timed out after 150 ms' });
  });

  it('a body that stalls halfway → unreachable (the time-out covers the body)', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.write('[{"roomId":');
    });
    const result = await new RecorderClient({ baseUrl: url, timeoutMs: 150 }).listRooms();
    expect(result).toMatchObject({ ok: false, status: 'unreachable' });
  });

  it('a caller abort → unreachable, aborted', async () => {
    const url = await serve(() => {});
    const abort = new AbortController();
    const pending = new RecorderClient({ baseUrl: url }).listRooms({ signal: abort.signal });
    abort.abort();
    expect(await pending).toEqual({ ok: false, status: 'unreachable', detail: 'aborted' });
  });

  it('401 → unauthorized', async () => {
    const url = await serve(reply(401, 'text/html', '<html>401</html>'));
    expect(await new RecorderClient({ baseUrl: url }).getVersion()).toMatchObject({
      status: 'unauthorized',
    });
  });

  it('412 with a text body → open-access-guard', async () => {
    const url = await serve(
      reply(
        412,
        'text/plain; charset=utf-8',
        'Access Denied.\nOpen access from the internet detected.',
      ),
    );
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toMatchObject({
      status: 'open-access-guard',
    });
  });

  it('412 with an HTML body → open-access-guard', async () => {
    const url = await serve(
      reply(412, 'text/html; charset=utf-8', '<!DOCTYPE html><html><h1>Access Denied</h1></html>'),
    );
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toMatchObject({
      status: 'open-access-guard',
    });
  });

  it('HTML 404 on /api/room → not-a-recorder', async () => {
    const url = await serve(reply(404, 'text/html', '<!DOCTYPE html><title>Not Found</title>'));
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toMatchObject({
      ok: false,
      status: 'not-a-recorder',
      detail: 'HTTP 404 for /api/room',
    });
  });

  it('an HTML page with 200 (a router, a login page) → not-a-recorder', async () => {
    const url = await serve(
      reply(200, 'text/html; charset=utf-8', '<!doctype html><html><body>Router</body></html>'),
    );
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toMatchObject({
      status: 'not-a-recorder',
    });
  });

  it('non-JSON 200 → not-a-recorder', async () => {
    const url = await serve(reply(200, 'text/plain', 'hello'));
    const result = await new RecorderClient({ baseUrl: url }).listRooms();
    expect(result).toMatchObject({ ok: false, status: 'not-a-recorder', httpStatus: 200 });
    expect(!result.ok && result.detail).toMatch(/^the answer is not JSON/);
  });

  it('500 with an empty body → server-error', async () => {
    const url = await serve(reply(500, undefined, ''));
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toEqual({
      ok: false,
      status: 'server-error',
      detail: 'HTTP 500',
      httpStatus: 500,
    });
  });

  it('503 → server-error', async () => {
    const url = await serve(reply(503, 'text/plain', 'busy'));
    expect(await new RecorderClient({ baseUrl: url }).getRoom(3)).toMatchObject({
      status: 'server-error',
    });
  });

  it('a room that breaks the schema is named with its field; the other rooms are read', async () => {
    const recorder = await fake({ rooms: 3 });
    const body = (await (await fetch(`${recorder.url}/api/room`)).json()) as Record<
      string,
      unknown
    >[];
    const broken = body[1] as { roomId: number; recordingStats: Record<string, unknown> };
    broken.recordingStats.durationRatio = 'fast';
    const url = await serve(reply(200, 'application/json; charset=utf-8', JSON.stringify(body)));
    const result = await new RecorderClient({ baseUrl: url }).listRooms();
    if (!result.ok) throw new Error(`the list failed: ${result.detail}`);
    expect(result.value.map((room) => room.roomId)).toEqual([body[0]!.roomId, body[2]!.roomId]);
    expect(result.unreadable).toEqual([
      {
        roomId: broken.roomId,
        field: 'recordingStats.durationRatio',
        detail: expect.stringMatching(
          new RegExp(
            `^room ${broken.roomId} \\(.+\\): recordingStats\\.durationRatio: expected a number`,
          ),
        ),
      },
    ]);
  });

  it('a list whose every room breaks the schema → bad-data naming the first room and the field', async () => {
    const recorder = await fake({ rooms: 2 });
    const body = (await (await fetch(`${recorder.url}/api/room`)).json()) as {
      roomId: number;
      recordingStats: Record<string, unknown>;
    }[];
    for (const room of body) room.recordingStats.durationRatio = 'fast';
    // Pretty-printed too: the same verdict whether the list is read by its bytes or parsed whole.
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
      const url = await serve(reply(200, 'application/json; charset=utf-8', text));
      const result = await new RecorderClient({ baseUrl: url }).listRooms();
      expect(result).toMatchObject({
        ok: false,
        status: 'bad-data',
        roomId: body[0]!.roomId,
        field: 'recordingStats.durationRatio',
      });
    }
  });

  it('a room without a readable roomId → bad-data naming its index', async () => {
    const url = await serve(reply(200, 'application/json', '[{"roomId":"x"}]'));
    const result = await new RecorderClient({ baseUrl: url }).listRooms();
    expect(result).toMatchObject({ status: 'bad-data', field: 'roomId' });
    expect(!result.ok && result.detail).toMatch(/^room at \[0\]: roomId: /);
  });

  it('an object where the list should be → bad-data', async () => {
    const url = await serve(reply(200, 'application/json', '{"rooms":[]}'));
    expect(await new RecorderClient({ baseUrl: url }).listRooms()).toMatchObject({
      status: 'bad-data',
    });
  });

  it('an invalid base URL → not-a-recorder without a request', async () => {
    expect(await new RecorderClient({ baseUrl: 'not a url' }).listRooms()).toMatchObject({
      status: 'not-a-recorder',
    });
    expect(await new RecorderClient({ baseUrl: 'ftp://nas:2356' }).listRooms()).toMatchObject({
      status: 'not-a-recorder',
    });
  });
});

describe('RecorderClient requests', () => {
  it('asks for JSON and sends the Basic auth header of the UTF-8 credentials', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
    });
    await new RecorderClient({ baseUrl: url, username: 'admin', password: '密码' }).listRooms();
    expect(seen[0]?.accept).toBe('application/json');
    // base64 of the UTF-8 bytes of "admin:密码", as the recorder computes it.
    expect(seen[0]?.authorization).toBe('Basic YWRtaW465a+G56CB');
    expect(basicAuthHeader('admin', '密码')).toBe('Basic YWRtaW465a+G56CB');
  });

  it('sends no Authorization header without credentials', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers);
      res.end('[]');
    });
    await new RecorderClient({ baseUrl: url }).listRooms();
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('rejects a room id that is not a whole number', async () => {
    await expect(
      new RecorderClient({ baseUrl: 'http://127.0.0.1:1' }).getRoom(1.5),
    ).rejects.toThrow(RangeError);
  });
});

describe('RecorderClient: the room list read poll after poll', () => {
  /** `count` rooms of the fake recorder's form, numbered from `first`. */
  const roomsOf = async (count: number, first: number): Promise<Record<string, unknown>[]> => {
    const recorder = await fake({ rooms: 1 });
    const [room] = (await (await fetch(`${recorder.url}/api/room`)).json()) as Record<
      string,
      unknown
    >[];
    return Array.from({ length: count }, (_, i) => ({ ...room, roomId: first + i, shortId: 0 }));
  };
  const ids = (result: Awaited<ReturnType<RecorderClient['listRooms']>>) =>
    result.ok ? result.value.map((room) => room.roomId) : result;

  it('reads each list whole when it grows and shrinks between polls', async () => {
    const lists = [
      await roomsOf(300, 1),
      await roomsOf(2, 1),
      await roomsOf(600, 5000),
      await roomsOf(0, 1),
    ];
    let next = 0;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(lists[next++ % lists.length]));
    });
    const client = new RecorderClient({ baseUrl: url });
    for (let round = 0; round < 2; round++)
      for (const list of lists)
        expect(ids(await client.listRooms())).toEqual(list.map((r) => r.roomId));
  });

  it('two lists read at once each get their own rooms', async () => {
    const lists = [await roomsOf(500, 1), await roomsOf(500, 100_000)];
    // Both answers go out together, once both requests are in, so their bodies arrive interleaved.
    const waiting: http.ServerResponse[] = [];
    const answer = (res: http.ServerResponse, list: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(list));
    };
    const url = await serve((_req, res) => {
      if (waiting.length === 2) return answer(res, lists[0]);
      waiting.push(res);
      if (waiting.length === 2) waiting.forEach((held, i) => answer(held, lists[i]));
    });
    const client = new RecorderClient({ baseUrl: url });
    const [first, second] = await Promise.all([client.listRooms(), client.listRooms()]);
    expect([ids(first), ids(second)].sort()).toEqual(
      lists.map((list) => list.map((r) => r.roomId)).sort(),
    );
    // And the next poll reads its own answer.
    expect(ids(await client.listRooms())).toEqual(lists[0]!.map((r) => r.roomId));
  });
});

describe('RecorderClient: answers too large to be the recorder', () => {
  it('a huge declared body is not read and counts as not-a-recorder', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(64 * 2 ** 20),
      });
      res.write('[');
    });
    const result = await new RecorderClient({ baseUrl: url, timeoutMs: 5000 }).listRooms();
    expect(result).toMatchObject({
      ok: false,
      status: 'not-a-recorder',
      detail: expect.stringMatching(/larger than 32 MiB/),
    });
  });

  it('a body that grows past the cap while streaming is cut off', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && res.write(chunk)) sent += 1;
        if (sent < 40) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    const result = await new RecorderClient({ baseUrl: url, timeoutMs: 10_000 }).listRooms();
    expect(result).toMatchObject({ ok: false, status: 'not-a-recorder' });
  });
});
