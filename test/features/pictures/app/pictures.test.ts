import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupButtonRunner } from '../../../../main/hosts/popup-button-runner';
import { startApp, stopApps } from '../../../fakes/app-harness';
import {
  addFakeRoom,
  startFakeLiveApi,
  type FakeLiveApi,
} from '../../../fakes/bilibili/fake-live-api';
import { memoryLogger } from '../../../fakes/silent-logger';
import { postWebhook } from '../../../helpers/http';
import { liveSession, relativePathFor, v2 } from '../../../helpers/recorder-events';
import { pngImage } from '../../../fakes/bilibili/png';
import { oneRecorder } from '../../../fakes/recorder-settings';

let api: FakeLiveApi;
beforeEach(async () => {
  api = await startFakeLiveApi();
});
afterEach(async () => {
  await stopApps();
  await api.close();
});

const goLive = (roomId: number) =>
  JSON.stringify(
    v2(
      'StreamStarted',
      { roomId, name: `主播${roomId}` },
      10,
      {},
      { streaming: true, recording: false },
    ),
  );

describe('the app object with pictures from the fake live API', () => {
  it('a go-live popup gets the avatar and cover fetched within the grouping window; the room too', async () => {
    addFakeRoom(api, { roomId: 6001 });
    const h = await startApp({ settings: { pictures: { liveApiHost: api.url } } });
    expect((await postWebhook(h.webhookUrl, goLive(6001))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    const { pictures } = h.shown[0]!;
    expect(pictures?.face?.url).toBe(`${api.url}/img/face-6001.png`);
    expect(
      (await readFile(pictures!.face!.path!)).equals(api.images.get('face-6001.png')!.bytes),
    ).toBe(true);
    expect(pictures?.cover?.path).toMatch(/[0-9a-f]{40}\.png$/);
    expect(h.app.state().rooms.find((r) => r.roomId === 6001)?.pictures).toEqual(pictures);
    // The history keeps them with the notification (the window's Notifications view).
    const history = await h.app.handlers['history:notifications']({ limit: 10, offset: 0 });
    expect(history.items[0]!.notification.pictures).toEqual(pictures);
    // notify-send's popup gets the files: the avatar as its icon, the cover as its image.
    const popup = new PopupButtonRunner(memoryLogger()).desktopPopup(h.shown[0]!);
    expect(popup).toMatchObject({ icon: pictures!.face!.path, image: pictures!.cover!.path });
  });

  it('without a grouping hold, the first go-live of a room waits for its pictures (webhooks only)', async () => {
    addFakeRoom(api, { roomId: 6011 });
    const h = await startApp({
      settings: { pictures: { liveApiHost: api.url }, notifications: { groupWindowSeconds: 0 } },
    });
    expect((await postWebhook(h.webhookUrl, goLive(6011))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    const popup = new PopupButtonRunner(memoryLogger()).desktopPopup(h.shown[0]!);
    expect(popup.icon).toBe(h.shown[0]!.pictures?.face?.path);
    expect((await readFile(popup.icon!)).equals(api.images.get('face-6011.png')!.bytes)).toBe(true);
    expect(popup.image).toMatch(/[0-9a-f]{40}\.png$/);
  });

  it('a live API that never answers does not hold the go-live back: it goes out without pictures', async () => {
    addFakeRoom(api, { roomId: 6012 });
    api.stall = true;
    const h = await startApp({
      settings: { pictures: { liveApiHost: api.url }, notifications: { groupWindowSeconds: 0 } },
    });
    expect((await postWebhook(h.webhookUrl, goLive(6012))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    expect(h.shown[0]!.pictures).toBeUndefined();
  });

  it("a finished file's popup gets the cover the recorder saved beside it (SaveStreamCover)", async () => {
    const root = await mkdtemp(join(tmpdir(), 'rec-root-'));
    const room = { roomId: 6004, name: '封面' };
    const path = relativePathFor(room, 1);
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), 'flv');
    const cover = pngImage(32, 18, [10, 20, 30], [200, 100, 50]);
    await writeFile(join(root, path.replace(/\.flv$/, '.cover.jpg')), cover);
    // No live API here (a closed port): the cover comes from the recording's folder alone.
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        pictures: { liveApiHost: 'http://127.0.0.1:9' },
      },
    });
    for (const event of liveSession(room, 1))
      await postWebhook(h.webhookUrl, JSON.stringify(event));
    await vi.waitFor(() => expect(h.shown.some((n) => n.event === 'FileClosed')).toBe(true), {
      timeout: 10_000,
    });
    const finished = h.shown.find((n) => n.event === 'FileClosed')!;
    expect((await readFile(finished.pictures!.cover!.path!)).equals(cover)).toBe(true);
    expect(finished.pictures!.cover!.url).toMatch(/^file:.*\.cover\.jpg$/);
  });

  it('without network, or with a refusing API, the popup goes out as today, without pictures', async () => {
    api.refuse = 'code-352';
    const h = await startApp({ settings: { pictures: { liveApiHost: api.url } } });
    await postWebhook(h.webhookUrl, goLive(6002));
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    expect(h.shown[0]!.pictures).toBeUndefined();
    expect(h.shown[0]!.title).toBe('主播6002 is live');
    await api.close();
    const offline = await startApp({ settings: { pictures: { liveApiHost: api.url } } });
    await postWebhook(offline.webhookUrl, goLive(6003));
    await vi.waitFor(() => expect(offline.shown).toHaveLength(1), { timeout: 10_000 });
    expect(offline.shown[0]!.pictures).toBeUndefined();
    api = await startFakeLiveApi(); // for afterEach
  });
});
