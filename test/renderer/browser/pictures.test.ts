import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PICTURE_STRINGS } from '../../../shared/i18n/window/pictures';
import { Language } from '../../../shared/settings';
import {
  addFakeRoom,
  startFakeLiveApi,
  type FakeLiveApi,
  ROOM_COLOURS,
} from '../../fakes/bilibili/fake-live-api';
import { generateRooms } from '../../fakes/fake-recorder/rooms';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { postWebhook } from '../../helpers/http';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { v2 } from '../../helpers/recorder-events';
import { callContract, openWindow, setLanguage, showView } from '../../helpers/window-page';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');

let browser: Browser;
let session: PreviewSession;
let api: FakeLiveApi;
let goLive: Record<string, any>;
const rooms = generateRooms(4);
// A room the recorder's polls do not list: its go-live comes by webhook alone, and its pictures
// are fetched on go-live, within the popup's grouping window.
const LIVE_ROOM = { roomId: 22625025, name: '雪糕cheese', title: '深夜电台 🎧🌙' };

beforeAll(async () => {
  api = await startFakeLiveApi();
  rooms.forEach((room, i) =>
    addFakeRoom(api, { roomId: room.roomId, uname: room.name, title: room.title }, ROOM_COLOURS[i]),
  );
  addFakeRoom(api, { roomId: LIVE_ROOM.roomId, uname: LIVE_ROOM.name, title: LIVE_ROOM.title }, [
    [120, 200, 255],
    [255, 120, 200],
  ]);
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 4, live: 2, args: ['--live-api-host', api.url] }),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
  // The first poll makes the rooms known: their pictures are fetched in one batch.
  await vi.waitFor(
    () => {
      if (api.requests.filter((r) => r.path.startsWith('/img/')).length < 8)
        throw new Error('the pictures are not fetched yet');
    },
    { timeout: 15_000, interval: 50 },
  );
  await postWebhook(
    session.webhookUrl,
    JSON.stringify(v2('StreamStarted', LIVE_ROOM, 60, {}, { streaming: true, recording: false })),
  );
  goLive = await session.headless.waitFor(
    (line) => line.type === 'notification' && line.event === 'StreamStarted',
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await api?.close();
});

/** The avatars on the page that loaded (a broken one has no natural width). */
function loadedAvatars(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLImageElement>(s)].filter(
        (img) => img.complete && img.naturalWidth > 0,
      ).length,
    selector,
  );
}

describe('pictures from the fake bilibili live API', () => {
  it('the headless notification line carries the avatar and cover as local files', async () => {
    expect(goLive.roomIds).toEqual([LIVE_ROOM.roomId]);
    expect(goLive.icon).toMatch(/pictures[\\/][0-9a-f]{40}\.png$/);
    expect(goLive.image).toMatch(/pictures[\\/][0-9a-f]{40}\.png$/);
    const face = await readFile(goLive.icon);
    expect(face.subarray(1, 4).toString()).toBe('PNG');
    expect(face.equals(api.images.get(`face-${LIVE_ROOM.roomId}.png`)!.bytes)).toBe(true);
    expect(goLive.pictures.cover.url).toBe(`${api.url}/img/cover-${LIVE_ROOM.roomId}.png`);
    // One batch for the recorder's rooms, one more on go-live.
    const batches = api.apiRequests().filter((r) => r.path.endsWith('getRoomBaseInfo'));
    expect(batches.map((b) => b.query.getAll('room_ids').map(Number).sort())).toEqual([
      rooms.map((r) => r.roomId).sort(),
      [LIVE_ROOM.roomId],
    ]);
  });

  it('the window shows the avatars in the Rooms and Notifications views, in both languages, light and dark', async () => {
    const { page, watch } = await openWindow(browser, session.uiUrl, { width: 420, height: 600 });
    await page.locator('#tab-notifications .badge').waitFor();
    const written: string[] = [];
    for (const language of Language.options) {
      await setLanguage(page, language);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await showView(page, 'rooms');
        await expect.poll(() => loadedAvatars(page, '.room .avatar')).toBe(rooms.length + 1);
        written.push(join(OUT, `rooms-pictures-${language}-${scheme}.png`));
        await page.screenshot({ path: written.at(-1)! });
        await showView(page, 'notifications');
        await expect.poll(() => loadedAvatars(page, '.note .avatar')).toBeGreaterThanOrEqual(1);
        written.push(join(OUT, `notifications-pictures-${language}-${scheme}.png`));
        await page.screenshot({ path: written.at(-1)! });
      }
      // The switch in Settings speaks the window's language.
      await showView(page, 'settings');
      await expect(page.locator('label[for="pictures-enabled"]').textContent()).resolves.toBe(
        PICTURE_STRINGS[language].enabled,
      );
    }
    for (const file of written) expect((await stat(file)).size).toBeGreaterThan(5_000);
    // Only keys are served: a path asked for is refused.
    const refused = await page.evaluate(
      async () => (await fetch('/pictures/..%2Fsettings.json')).status,
    );
    expect(refused).toBe(404);
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    await page.close();
  }, 120_000);

  it('with pictures switched off, the window shows no avatars and nothing more is asked', async () => {
    const { page } = await openWindow(browser, session.uiUrl);
    const update = await callContract(page, 'settings:update', { pictures: { enabled: false } });
    expect(update.ok).toBe(true);
    await showView(page, 'rooms');
    await page.locator('.room').first().waitFor();
    await expect.poll(() => page.locator('.room .avatar').count()).toBe(0);
    const asked = api.requests.length;
    // A room no poll lists (a polled one's old webhook would be stale next to the poll).
    await postWebhook(
      session.webhookUrl,
      JSON.stringify(
        v2(
          'StreamStarted',
          { roomId: 5050, name: '新房间' },
          3_000,
          {},
          { streaming: true, recording: false },
        ),
      ),
    );
    const line = await session.headless.waitFor(
      (l) => l.type === 'notification' && l.roomIds?.[0] === 5050,
    );
    expect(line.icon).toBeUndefined();
    expect(line.pictures).toBeUndefined();
    expect(api.requests.length).toBe(asked);
    await page.close();
  }, 60_000);
});
