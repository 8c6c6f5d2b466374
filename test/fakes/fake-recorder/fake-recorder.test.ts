import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { safeParseUnknown } from '../../../shared/parse';
import {
  IoStats,
  RecordingStats,
  RestError,
  RestRoom,
  RestRoomConfig,
  RestRoomList,
  RestVersion,
} from '../../../shared/recorder/rest';
import { parseWebhook } from '../../../shared/recorder/webhook';
import { fakeRecorders } from './test-kit';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const fake = fakeRecorders();

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: Record<string, unknown>;
  status: number;
}

/** A webhook receiver on 127.0.0.1 that records every request; `statusFor` picks each answer. */
async function receiver(
  statusFor: (body: Record<string, unknown>, seen: Received[]) => number = () => 200,
) {
  const seen: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      const status = statusFor(body, seen);
      seen.push({ headers: req.headers, raw, body, status });
      res.writeHead(status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, seen };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
    response,
  };
}

const label = (r: Received) => (typeof r.body.EventType === 'string' ? r.body.EventType : 'V1');
const idOf = (r: Received) => String(r.body.EventId ?? r.body.EventRandomId);
const dataOf = (r: Received) => (r.body.EventData ?? r.body) as Record<string, unknown>;

describe('fake recorder REST API', () => {
  it('serves bodies that parse with the shared schemas, written the way the recorder writes them', async () => {
    const recorder = await fake({ rooms: 5 });
    await recorder.setLive(23058, true, { webhooks: false });

    const list = await get(`${recorder.url}/api/room`);
    expect(list.status).toBe(200);
    expect(list.type).toBe('application/json; charset=utf-8');
    expect(safeParseUnknown(RestRoomList, JSON.parse(list.text))).toMatchObject({ ok: true });
    // An idle room: "NaN" ratio, year-0001 times, doubles with a dot.
    expect(list.text).toContain('"durationRatio":"NaN"');
    expect(list.text).toContain('"startTime":"0001-01-01T00:00:00+00:00"');
    expect(list.text).toContain('"sessionDuration":0.0');
    expect(list.text).toContain('"name":"3号直播间"');

    const room = JSON.parse((await get(`${recorder.url}/api/room/3`)).text) as unknown;
    const parsed = RestRoom.parse(room);
    expect(parsed).toMatchObject({ roomId: 23058, streaming: true, recording: true });
    expect(parsed.recordingStats?.durationRatio).toBeGreaterThan(0.9);
    expect(parsed.ioStats?.streamHost).toMatch(/bilivideo\.com$/);

    const schemaOf: Record<string, z.ZodType> = {
      stats: RecordingStats,
      ioStats: IoStats,
      config: RestRoomConfig,
    };
    for (const [path, schema] of Object.entries(schemaOf)) {
      const body = await get(`${recorder.url}/api/room/23058/${path}`);
      expect(body.status, path).toBe(200);
      expect(safeParseUnknown(schema, JSON.parse(body.text)), path).toMatchObject({ ok: true });
    }
    const version = await get(`${recorder.url}/api/version`);
    expect(RestVersion.parse(JSON.parse(version.text)).fullSemVer).toBe('2.11.1');
  });

  it('answers an unknown room with the JSON 404 and an unknown path with the HTML 404 page', async () => {
    const recorder = await fake();
    const room = await get(`${recorder.url}/api/room/999`);
    expect(room.status).toBe(404);
    expect(room.type).toBe('application/json; charset=utf-8');
    expect(RestError.parse(JSON.parse(room.text))).toEqual({ code: -4, message: 'Room not found' });

    for (const path of [
      '/nothing',
      '/api/rooms',
      '/api/room/abc',
      '/api/room/99999999999',
      '/api/room/3/nothing',
    ]) {
      const page = await get(`${recorder.url}${path}`);
      expect(page.status, path).toBe(404);
      expect(page.type, path).toBe('text/html; charset=utf-8');
      expect(page.text, path).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it('refuses a bad new room with 400 bodies like the recorder', async () => {
    const recorder = await fake();
    const post = (body: string, type = 'application/json') =>
      fetch(`${recorder.url}/api/room`, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      });
    const outOfRange = await post('{"roomId":0,"autoRecord":true}');
    expect(outOfRange.status).toBe(400);
    expect(await outOfRange.json()).toEqual({
      code: -2,
      message: 'Roomid must be greater than 0.',
    });
    const notJson = await post('{roomId');
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const wrongType = await post('roomId=1', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    const added = await post('{"roomId":5050,"autoRecord":true}');
    expect(RestRoom.parse(await added.json())).toMatchObject({ roomId: 5050, name: '' });
  });

  it('asks for Basic auth on every path with a 401 HTML page', async () => {
    const recorder = await fake({ user: 'admin', pass: '密码' });
    for (const path of ['/api/room', '/nothing']) {
      const denied = await get(`${recorder.url}${path}`);
      expect(denied.status).toBe(401);
      expect(denied.type).toBe('text/html');
      expect(denied.response.headers.get('www-authenticate')).toMatch(
        /^Basic realm="BililiveRecorder/,
      );
    }
    const auth = `Basic ${Buffer.from('admin:密码', 'utf8').toString('base64')}`;
    expect((await get(`${recorder.url}/api/room`, { Authorization: auth })).status).toBe(200);
  });

  it('answers 412 in plain text (HTML for browsers) with the open-access guard', async () => {
    const recorder = await fake({ openAccessGuard: true });
    const text = await get(`${recorder.url}/api/room`, { Accept: 'application/json' });
    expect(text.status).toBe(412);
    expect(text.type).toBe('text/plain; charset=utf-8');
    expect(text.text).toContain('BREC_HTTP_OPEN_ACCESS');
    const html = await get(`${recorder.url}/api/room`, {
      Accept: 'text/html,application/xhtml+xml',
    });
    expect(html.status).toBe(412);
    expect(html.type).toBe('text/html; charset=utf-8');
  });

  it('starts, splits and stops a recording through POST commands, with webhooks', async () => {
    const hook = await receiver();
    const recorder = await fake({ webhooks: [hook.url] });
    await recorder.setLive(23058, true, { webhooks: false });
    const stop = await fetch(`${recorder.url}/api/room/3/stop`, { method: 'POST' });
    expect(RestRoom.parse(await stop.json()).recording).toBe(false);
    await fetch(`${recorder.url}/api/room/3/start`, { method: 'POST' });
    await fetch(`${recorder.url}/api/room/3/split`, { method: 'POST' });
    await recorder.idle();
    expect(hook.seen.map(label)).toEqual([
      'FileClosed',
      'SessionEnded',
      'SessionStarted',
      'FileOpening',
      'FileClosed',
      'FileOpening',
    ]);
    expect((await fetch(`${recorder.url}/api/room/3/start`)).status).toBe(405);
  });
});

describe('fake recorder webhooks', () => {
  it('plays the script to every URL in the real format, with a retry after a 500', async () => {
    let failedOnce = false;
    const first = await receiver((body) => {
      if (!failedOnce && body.EventType === 'SessionStarted') {
        failedOnce = true;
        return 500;
      }
      return 200;
    });
    const second = await receiver();
    const recorder = await fake({
      rooms: 3,
      webhooks: [first.url, second.url],
      script: true,
      speed: 40,
    });
    await recorder.scriptDone;

    // Every request: the recorder's headers, compact UTF-8 JSON without a trailing newline.
    for (const request of [...first.seen, ...second.seen]) {
      expect(request.headers['user-agent']).toBe('BililiveRecorder/2.11.1');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.accept).toBeUndefined();
      expect(Number(request.headers['content-length'])).toBe(request.raw.length);
      const text = request.raw.toString('utf8');
      expect(text).toBe(JSON.stringify(request.body));
      expect(parseWebhook(request.body)).toMatchObject({ ok: true });
      for (const time of text.match(/"\d{4}-\d\d-\d\dT[^"]+"/g) ?? []) {
        expect(time).toMatch(/^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}\+08:00"$/);
      }
    }

    // The retry carried the same bytes, and the second URL got every event once per delivery.
    const retried = first.seen.filter(
      (r) => label(r) === 'SessionStarted' && dataOf(r).RoomId === 23058,
    );
    expect(retried.map((r) => r.status)).toEqual([500, 200]);
    expect(retried[0]?.raw.equals(retried[1]?.raw ?? Buffer.alloc(0))).toBe(true);
    expect(second.seen).toHaveLength(first.seen.length - 1);

    const a = second.seen.filter((r) => dataOf(r).RoomId === 23058);
    const labels = a.map(label);
    expect(labels).toEqual([
      'StreamStarted',
      'SessionStarted',
      'FileOpening',
      'FileOpening', // the next file, delivered before the previous file's FileClosed
      'FileClosed',
      'V1',
      'FileClosed', // a duplicate delivery: same EventId, same bytes
      'SessionEnded', // before the session's last FileClosed
      'FileClosed',
      'StreamEnded',
    ]);
    const closed = a.filter((r) => label(r) === 'FileClosed');
    expect(idOf(closed[0] as Received)).toBe(idOf(closed[1] as Received));
    expect(closed[0]?.raw.equals(closed[1]?.raw ?? Buffer.alloc(0))).toBe(true);
    // The out-of-order FileOpening is for a new file; the FileClosed after it closes the first one.
    expect(dataOf(a[3] as Received).RelativePath).not.toBe(dataOf(a[2] as Received).RelativePath);
    expect(dataOf(a[4] as Received).RelativePath).toBe(dataOf(a[2] as Received).RelativePath);
    expect(dataOf(a[5] as Received).RelativePath).toBe(dataOf(a[2] as Received).RelativePath);
    // Doubles keep their dot.
    expect(closed[0]?.raw.toString('utf8')).toMatch(/"Duration":\d+\.\d+,/);

    // Room B went live and stays live; REST agrees with the webhooks.
    const roomB = recorder.state.rooms[1];
    expect(second.seen.filter((r) => dataOf(r).RoomId === roomB?.roomId).map(label)).toEqual([
      'StreamStarted',
      'SessionStarted',
      'FileOpening',
    ]);
    const rooms = RestRoomList.parse(await (await fetch(`${recorder.url}/api/room`)).json());
    expect(rooms[0]).toMatchObject({ roomId: 23058, streaming: false, recording: false });
    expect(rooms[1]).toMatchObject({ roomId: roomB?.roomId, streaming: true, recording: true });
  });

  it('gives up after three attempts with identical bytes', async () => {
    const hook = await receiver(() => 503);
    const recorder = await fake({ webhooks: [hook.url], retryDelaysMs: [20, 40] });
    const [result] = await recorder.emit({
      EventType: 'Custom',
      EventTimestamp: '2024-03-17T20:37:02.4410062+08:00',
      EventId: '2f6b1c9e-7a35-4e0b-9d42-5c8e1f3a6b70',
      EventData: {},
    });
    expect(result).toMatchObject({
      ok: false,
      attempts: [{ status: 503 }, { status: 503 }, { status: 503 }],
    });
    expect(hook.seen).toHaveLength(3);
    expect(new Set(hook.seen.map((r) => r.raw.toString('hex'))).size).toBe(1);
  });

  it('reports a network error per attempt', async () => {
    const hook = await receiver();
    await cleanups.pop()?.(); // the receiver is gone
    const recorder = await fake({ webhooks: [hook.url], retryDelaysMs: [1, 1] });
    const events = await recorder.setLive(23058, true);
    expect(
      events.flat().every((r) => !r.ok && r.attempts.every((a) => a.error === 'ECONNREFUSED')),
    ).toBe(true);
  });
});
