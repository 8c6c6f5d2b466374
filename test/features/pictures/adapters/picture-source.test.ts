import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureSource } from '../../../../main/features/pictures/adapters/picture-source';
import type { Observer, SourceContext } from '../../../../main/core/plug-ins';
import type { Happening } from '../../../../main/core/happening';
import { REFRESH_MS } from '../../../../main/features/pictures/core/fetch-schedule';
import type { AppNotification, RoomState } from '../../../../shared/model';
import { defaultSettings, type Settings } from '../../../../shared/settings';
import {
  addFakeRoom,
  startFakeLiveApi,
  type FakeLiveApi,
} from '../../../fakes/bilibili/fake-live-api';
import { pngImage } from '../../../fakes/bilibili/png';
import { memoryLogger } from '../../../fakes/silent-logger';

let api: FakeLiveApi;
let now: number;
let settings: Settings;
let observers: Observer[];
let rooms: RoomState[];

beforeEach(async () => {
  api = await startFakeLiveApi();
  now = Date.UTC(2026, 0, 1);
  settings = { ...defaultSettings(), pictures: { enabled: true, liveApiHost: api.url } };
  observers = [];
  rooms = [];
});
afterEach(() => api.close());

const room = (roomId: number) => ({
  roomId,
  shortId: 0,
  name: `r${roomId}`,
  title: 't',
  areaNameParent: '',
  areaNameChild: '',
  streaming: true,
  recording: false,
  danmakuConnected: true,
  autoRecord: true,
  updatedAt: 0,
});

async function startSource(dataDir?: string) {
  const core = {
    clock: () => now,
    log: memoryLogger(),
    dataDir: dataDir ?? (await mkdtemp(join(tmpdir(), 'pic-source-'))),
    settings: () => settings,
    language: () => 'en' as const,
  };
  const source = await PictureSource.open(core);
  const context: SourceContext = {
    ...core,
    recorders: () => settings.recorders,
    offer: () => undefined,
    observe: (observer) => {
      observers.push(observer);
      return () => observers.splice(observers.indexOf(observer), 1);
    },
    rooms: () => rooms,
    roomEverywhere: (roomId) => rooms.filter((room) => room.roomId === roomId),
  };
  source.start(context);
  return source;
}

const happen = (h: Partial<Happening> & Pick<Happening, 'kind' | 'roomId'>) =>
  observers.forEach((o) =>
    o.happened?.({ at: now, room: room(h.roomId), source: 'webhook', ...h } as Happening),
  );

const notification = (roomIds: number[]): AppNotification => ({
  id: 'n1',
  event: 'StreamStarted',
  roomIds,
  title: 'x',
  body: '',
  createdAt: now,
});

describe('PictureSource', () => {
  it('fetches the known rooms at start, fills one-room notifications and rooms from the cache', async () => {
    addFakeRoom(api, { roomId: 21 });
    rooms = [room(21)];
    const source = await startSource();
    await source.idle();
    const filled = source.fill(notification([21]));
    expect(filled.pictures?.face?.path).toMatch(/[0-9a-f]{40}\.png$/);
    expect(filled.pictures?.cover?.url).toBe(`${api.url}/img/cover-21.png`);
    expect(source.fill(notification([21, 22])).pictures).toBeUndefined(); // a summary: none
    expect(source.decorate(rooms)[0]!.pictures).toEqual(filled.pictures);
    await source.stop();
  });

  it('refreshes a day-old entry once, however often it is asked', async () => {
    addFakeRoom(api, { roomId: 42 });
    rooms = [room(42)];
    const source = await startSource();
    await source.idle();
    expect(api.apiRequests().filter((r) => r.path.endsWith('getRoomBaseInfo'))).toHaveLength(1);
    now += REFRESH_MS - 1;
    source.sweep();
    await source.idle();
    expect(api.apiRequests().filter((r) => r.path.endsWith('getRoomBaseInfo'))).toHaveLength(1);
    now += 1;
    api.rooms.get(42)!.cover = 'cover-new.png';
    api.images.set('cover-new.png', {
      bytes: pngImage(8, 8, [0, 0, 0], [9, 9, 9]),
      type: 'image/png',
    });
    source.sweep();
    source.sweep();
    observers.forEach((o) => o.polled?.([room(42)], now, 'default'));
    await source.idle();
    expect(api.apiRequests().filter((r) => r.path.endsWith('getRoomBaseInfo'))).toHaveLength(2);
    expect(source.fill(notification([42])).pictures?.cover?.url).toBe(
      `${api.url}/img/cover-new.png`,
    );
    await source.stop();
  });

  it('fetches on go-live within the grouping window, at most once per ten minutes', async () => {
    addFakeRoom(api, { roomId: 5 });
    const source = await startSource();
    happen({ kind: 'StreamStarted', roomId: 5 });
    await source.idle();
    expect(source.fill(notification([5])).pictures?.face?.path).toBeDefined();
    happen({ kind: 'StreamStarted', roomId: 5 });
    happen({ kind: 'StreamStarted', roomId: 5, baseline: true });
    await source.idle();
    expect(api.apiRequests().filter((r) => r.path.endsWith('getRoomBaseInfo'))).toHaveLength(1);
    await source.stop();
  });

  it('takes the cover the recorder saved beside a finished recording', async () => {
    const recordings = await mkdtemp(join(tmpdir(), 'rec-'));
    await mkdir(join(recordings, '7'), { recursive: true });
    const flv = join(recordings, '7', '录制-7-20260101-120000-000-标题.flv');
    await writeFile(flv, 'FLV');
    await writeFile(flv.replace(/\.flv$/, '.cover.jpg'), pngImage(16, 9, [1, 2, 3], [4, 5, 6]));
    settings = { ...settings, pictures: { enabled: true, liveApiHost: 'http://127.0.0.1:9' } };
    const source = await startSource();
    happen({ kind: 'FileClosed', roomId: 7, fileCheck: { resolvedPath: flv } });
    await source.idle();
    const cover = source.fill(notification([7])).pictures?.cover;
    expect(cover?.path).toMatch(/[0-9a-f]{40}\.png$/); // kept by its bytes' type, not its name
    expect(cover?.url).toMatch(/^file:\/\/.*\.cover\.jpg$/);
    await source.stop();
  });

  it('stops at once while bilibili does not answer: the request is given up, not left to its time-out', async () => {
    addFakeRoom(api, { roomId: 12 });
    api.stall = true;
    rooms = [room(12)];
    const source = await startSource();
    await vi.waitFor(() => expect(api.apiRequests()).toHaveLength(1));
    expect(api.abandoned).toBe(0);
    await source.stop();
    await vi.waitFor(() => expect(api.abandoned).toBe(1));
    expect(source.fill(notification([12])).pictures).toBeUndefined();
  });

  it('with pictures off, asks nothing and fills nothing', async () => {
    addFakeRoom(api, { roomId: 8 });
    settings = { ...settings, pictures: { enabled: false, liveApiHost: api.url } };
    rooms = [room(8)];
    const source = await startSource();
    happen({ kind: 'StreamStarted', roomId: 8 });
    source.sweep();
    await source.idle();
    expect(api.requests).toEqual([]);
    expect(source.fill(notification([8]))).toEqual(notification([8]));
    await source.stop();
  });
});
