import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES } from '../../../../main/features/pictures/adapters/image-download';
import { PictureCache } from '../../../../main/features/pictures/adapters/picture-cache';
import { PictureFetcher } from '../../../../main/features/pictures/adapters/picture-fetcher';
import { BACK_OFF_FIRST_MS } from '../../../../main/features/pictures/core/refusal-back-off';
import { isPictureKey, pictureKeyOf } from '../../../../shared/picture-key';
import {
  addFakeRoom,
  startFakeLiveApi,
  type FakeLiveApi,
} from '../../../fakes/bilibili/fake-live-api';
import { memoryLogger } from '../../../fakes/silent-logger';

let api: FakeLiveApi;
let now: number;
let dir: string;

beforeEach(async () => {
  api = await startFakeLiveApi();
  now = Date.UTC(2026, 0, 1);
  dir = await mkdtemp(join(tmpdir(), 'pictures-'));
});
afterEach(() => api.close());

async function fetcherFor(maxBytes?: number) {
  const log = memoryLogger();
  const cache = await PictureCache.open(dir, () => now, log, maxBytes);
  let changes = 0;
  const fetcher = new PictureFetcher({
    cache,
    clock: () => now,
    log,
    settings: () => ({ enabled: true, liveApiHost: api.url }),
    changed: () => (changes += 1),
  });
  return { cache, fetcher, log, changes: () => changes };
}

describe('PictureFetcher against the fake live API', () => {
  it('fetches rooms in one batch, avatars by uid, and keeps checked images on disk', async () => {
    addFakeRoom(api, { roomId: 1001, uname: '甲' });
    addFakeRoom(api, { roomId: 1002, cover: '' }); // a room without a cover, as bilibili answers
    const { cache, fetcher, changes } = await fetcherFor();
    await fetcher.request([1001, 1002, 1003]);
    const calls = api.apiRequests();
    expect(calls.map((r) => r.path)).toEqual([
      '/xlive/web-room/v1/index/getRoomBaseInfo',
      '/room/v1/Room/get_status_info_by_uids',
    ]);
    expect(calls[0]!.query.getAll('room_ids')).toEqual(['1001', '1002', '1003']);
    expect(calls[0]!.query.get('req_biz')).toBe('web_room_componet');
    expect(calls[1]!.query.getAll('uids[]')).toEqual(['10010', '10020']);
    const first = cache.pictures(1001)!;
    expect(first.face!.url).toBe(`${api.url}/img/face-1001.png`);
    expect(isPictureKey(pictureKeyOf(first.face!.path)!)).toBe(true);
    expect((await readFile(first.cover!.path!)).subarray(1, 4).toString()).toBe('PNG');
    expect(cache.pictures(1002)!.cover).toBeUndefined();
    expect(cache.record(1003)).toEqual({ fetchedAt: now }); // unknown: not asked again today
    expect(cache.record(1001)!.uname).toBe('甲');
    expect(changes()).toBe(1);
    // Unchanged URLs are not downloaded again.
    const images = api.requests.filter((r) => r.path.startsWith('/img/')).length;
    await fetcher.request([1001]);
    expect(api.requests.filter((r) => r.path.startsWith('/img/')).length).toBe(images);
  });

  it('maps a short room number back to the one asked for, and takes an answer without avatars', async () => {
    addFakeRoom(api, { roomId: 23058, shortId: 3, face: '' });
    const { cache, fetcher } = await fetcherFor();
    await fetcher.request([3]);
    expect(cache.pictures(3)).toEqual({
      cover: { url: `${api.url}/img/cover-23058.png`, path: expect.stringMatching(/\.png$/) },
    });
    expect(fetcher.backOff.refusals).toBe(0);
  });

  for (const refuse of ['http412', 'http429', 'code-352', 'code-412'] as const) {
    it(`backs off on a refusal (${refuse}) and asks nothing until the wait is over`, async () => {
      addFakeRoom(api, { roomId: 7 });
      api.refuse = refuse;
      const { cache, fetcher, log } = await fetcherFor();
      await fetcher.request([7]);
      expect(api.apiRequests()).toHaveLength(1);
      expect(fetcher.backOff).toEqual({ refusals: 1, until: now + BACK_OFF_FIRST_MS });
      expect(log.lines.join('\n')).toMatch(/refused/);
      now += BACK_OFF_FIRST_MS - 1;
      await fetcher.request([7]);
      expect(api.apiRequests()).toHaveLength(1);
      expect(cache.record(7)).toBeUndefined();
      // Refused again: the wait doubles; then bilibili answers and all is well again.
      now += 1;
      await fetcher.request([7]);
      expect(fetcher.backOff.refusals).toBe(2);
      api.refuse = undefined;
      now = fetcher.backOff.until;
      await fetcher.request([7]);
      expect(fetcher.backOff.refusals).toBe(0);
      expect(cache.pictures(7)!.face!.path).toBeDefined();
    });
  }

  it('refuses a bad image, a huge one and one streamed past the cap; the room still has its URLs', async () => {
    addFakeRoom(api, { roomId: 5, face: 'bad.png', cover: 'huge.jpg' });
    addFakeRoom(api, { roomId: 6, face: 'chunked.png', cover: '' });
    api.images.set('bad.png', { bytes: Buffer.from('<html>not found</html>'), type: 'image/png' });
    const huge = Buffer.alloc(MAX_PICTURE_BYTES + 1, 0xff);
    huge.set([0xff, 0xd8, 0xff]);
    api.images.set('huge.jpg', { bytes: huge, type: 'image/jpeg' });
    api.images.set('chunked.png', { bytes: huge, type: 'image/png', noLength: true });
    const { cache, fetcher, log } = await fetcherFor();
    await fetcher.request([5, 6]);
    expect(cache.pictures(5)).toEqual({
      face: { url: `${api.url}/img/bad.png` },
      cover: { url: `${api.url}/img/huge.jpg` },
    });
    expect(cache.pictures(6)).toEqual({ face: { url: `${api.url}/img/chunked.png` } });
    const text = log.lines.join('\n');
    expect(text).toMatch(/bad\.png refused: not a PNG, JPEG, GIF or WebP image/);
    expect(text).toMatch(/huge\.jpg refused: too big/);
    expect(text).toMatch(/chunked\.png refused: too big/);
    expect((await readdir(dir)).filter(isPictureKey)).toEqual([]);
  });

  it('does not download from a host that is neither bilibili’s image hosts nor the API host', async () => {
    addFakeRoom(api, {
      roomId: 9,
      face: 'http://127.0.0.1:1/face.png',
      cover: 'https://user:pw@i0.hdslb.com.evil.example/c.jpg',
    });
    const { cache, fetcher, log } = await fetcherFor();
    await fetcher.request([9]);
    expect(cache.pictures(9)).toBeUndefined();
    expect(cache.record(9)!.fetchedAt).toBe(now);
    expect(log.lines.filter((l) => /unexpected host/.test(l))).toHaveLength(2);
  });

  it('evicts the least recently used pictures beyond the size cap', async () => {
    for (const id of [1, 2, 3]) addFakeRoom(api, { roomId: id, cover: '' });
    // Room for one avatar: each new one pushes the older out.
    const { cache, fetcher } = await fetcherFor(api.images.get('face-1.png')!.bytes.length);
    await fetcher.request([1]);
    now += 1000;
    await fetcher.request([2]);
    const files = (await readdir(dir)).filter(isPictureKey);
    expect(files).toHaveLength(1);
    expect(cache.pictures(2)!.face!.path).toBeDefined();
    expect(cache.pictures(1)!.face!.path).toBeUndefined();
  });

  it('keeps the cache across a restart and starts afresh from a damaged index', async () => {
    addFakeRoom(api, { roomId: 3 });
    const first = await fetcherFor();
    await first.fetcher.request([3]);
    await first.cache.flush();
    const again = await PictureCache.open(dir, () => now, memoryLogger());
    expect(again.pictures(3)).toEqual(first.cache.pictures(3));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'index.json'), '{"version":1,"rooms":');
    const log = memoryLogger();
    const fresh = await PictureCache.open(dir, () => now, log);
    expect(fresh.pictures(3)).toBeUndefined();
    expect(log.lines.join('\n')).toMatch(/starts afresh/);
  });
});
