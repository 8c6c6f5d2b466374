import { afterEach, describe, expect, it } from 'vitest';
import { fetchLiveRooms } from '../../../../main/features/pictures/adapters/live-api-client';
import { isRefusal } from '../../../../main/features/pictures/core/refusal-back-off';
import { serveOnLoopback } from '../../../helpers/http';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

const serve = (status: number, body: string, type = 'application/json') =>
  serveOnLoopback(
    (_req, res) => res.writeHead(status, { 'content-type': type }).end(body),
    cleanups,
  );

describe('fetchLiveRooms on answers that are not the documented ones', () => {
  it('an HTML page, a JSON without code, or a 502: a failure, not a refusal, and no room', async () => {
    for (const host of [
      await serve(200, '<html>captive portal</html>', 'text/html'),
      await serve(200, '{"data":{}}'),
      await serve(502, 'Bad Gateway', 'text/plain'),
    ]) {
      const result = await fetchLiveRooms(host, [1, 2]);
      expect(result.rooms).toEqual([]);
      expect(result.problem).toBeDefined();
      expect(isRefusal(result.problem!.answer)).toBe(false);
    }
  });

  it('keeps the good rooms of an answer with broken ones, and no room nobody asked for', async () => {
    const host = await serve(
      200,
      JSON.stringify({
        code: 0,
        data: {
          by_room_ids: {
            '1': { room_id: 1, uname: 'a', cover: 'https://i0.hdslb.com/c.jpg', live_status: 'x' },
            '2': { room_id: 'two' },
            '9': { room_id: 9, uname: 'not asked' },
            '3': null,
          },
        },
      }),
    );
    const result = await fetchLiveRooms(host, [1, 2, 3]);
    expect(result.rooms).toEqual([{ roomId: 1, uname: 'a', cover: 'https://i0.hdslb.com/c.jpg' }]);
    expect(result.problem).toBeUndefined();
  });

  it('an unreachable host is a failure with the reason', async () => {
    const result = await fetchLiveRooms('http://127.0.0.1:9', [1]);
    expect(result.problem?.detail).toMatch(/127\.0\.0\.1:9/);
    expect(result.problem?.answer).toEqual({});
  });
});
