import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PictureCache } from '../../../../main/features/pictures/adapters/picture-cache';
import { memoryLogger } from '../../../fakes/silent-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'picture-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// A PNG's signature and nothing more: the cache stores what it is given (the fetcher checks it).
const png = {
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  type: 'png' as const,
};

describe("a room's pictures, read again and again between changes", () => {
  it('follow each change of the index: a room kept, a file stored, a file evicted', async () => {
    const cache = await PictureCache.open(dir, () => 1, memoryLogger(), png.bytes.byteLength);
    expect(cache.pictures(7)).toBeUndefined();
    const key = 'a'.repeat(40) + '.png';
    cache.setRoom(7, { fetchedAt: 1, face: { url: 'https://i0.hdslb.com/face.png', key } });
    expect(cache.pictures(7)).toEqual({ face: { url: 'https://i0.hdslb.com/face.png' } });
    expect(cache.pictures(7)).toEqual({ face: { url: 'https://i0.hdslb.com/face.png' } });

    const stored = await cache.store('https://i0.hdslb.com/face.png', png);
    cache.setRoom(7, { fetchedAt: 1, face: { url: 'https://i0.hdslb.com/face.png', key: stored } });
    expect(cache.pictures(7)?.face?.path).toBe(join(dir, stored));

    // A second file over the cap (one file's bytes) evicts the first, no longer in use.
    cache.setRoom(7, { fetchedAt: 2 });
    await cache.store('https://i0.hdslb.com/other.png', png);
    cache.setRoom(7, { fetchedAt: 2, face: { url: 'https://i0.hdslb.com/face.png', key: stored } });
    expect(cache.pictures(7)).toEqual({ face: { url: 'https://i0.hdslb.com/face.png' } });
    await cache.flush();
  });
});
