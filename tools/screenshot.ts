// `npm run screenshot`: docs/images/window.png, the window as a user sees it, for the README.
// Nothing in it is drawn for the picture: headless mode (its bundle, as `npm run headless` runs
// it) polls a fake recorder with live rooms and takes real-format webhooks of an evening's stream;
// the rooms' pictures come from a fake of bilibili's live API on loopback; the window is the
// built one (dist/renderer), served by headless mode's browser preview and shot in Chromium.
// Nothing reaches an outside host. Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { dirname, join, relative } from 'node:path';
import { addFakeRoom, ROOM_COLOURS, startFakeLiveApi } from '../test/fakes/bilibili/fake-live-api';
import { startFakeRecorder } from '../test/fakes/fake-recorder/index';
import { generateRooms } from '../test/fakes/fake-recorder/rooms';
import { launchChromium, watchPage } from '../test/helpers/chromium';
import { PROJECT_ROOT, startHeadless } from '../test/helpers/headless-process';
import { postWebhook } from '../test/helpers/http';
import { liveSession, v2 } from '../test/helpers/recorder-events';
import { ensureRendererBuilt } from '../test/helpers/renderer-build';
import { setLanguage, showView } from '../test/helpers/window-page';
import { buildHeadlessIfStale, HEADLESS_BUNDLE } from './build/headless-bundle';

const OUT = join(PROJECT_ROOT, 'docs', 'images', 'window.png');
/** The window's default size (main/electron/window-options.ts). */
const WINDOW = { width: 480, height: 680 };
/** Width of the picture: two windows side by side, scaled to fit the README's column. */
const PICTURE_WIDTH = 800;
const GAP = 16;
const ROOMS = 6;
const say = (text: string) => process.stderr.write(`screenshot: ${text}\n`);

/** The stream whose finished files fill the Files list, and a go-live by webhook alone. */
const EVENING = { roomId: 21452505, name: '七海Nana7mi', title: '【歌回】今晚唱新歌' };
const GOING_LIVE = { roomId: 22625025, name: '雪糕cheese', title: '深夜电台 🎧' };

/** A PNG of the page once its pictures have loaded and its fonts (CJK, emoji) are in. */
async function settledShot(page: Page): Promise<Buffer> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.screenshot();
}

/**
 * Lays the shots side by side in `page` (Chromium scales them down, from twice the pixels, so
 * the text stays sharp): the picture is PICTURE_WIDTH pixels wide.
 */
async function sideBySide(page: Page, shots: Buffer[]): Promise<void> {
  const width = (PICTURE_WIDTH - GAP * (shots.length + 1)) / shots.length;
  const height = Math.round((width * WINDOW.height) / WINDOW.width);
  await page.setViewportSize({ width: PICTURE_WIDTH, height: height + 2 * GAP });
  const image = (png: Buffer) =>
    `<img src="data:image/png;base64,${png.toString('base64')}" width="${width}" height="${height}"` +
    ' style="flex:none;box-shadow:0 2px 8px #0003">';
  await page.setContent(
    `<body style="margin:0;padding:${GAP}px;display:flex;gap:${GAP}px;background:#e6e8ec">` +
      `${shots.map(image).join('')}</body>`,
  );
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

ensureRendererBuilt();
buildHeadlessIfStale(PROJECT_ROOT);
const work = await mkdtemp(join(tmpdir(), 'recorder-tray-screenshot-'));
const recordingRoot = join(work, 'recordings');
const api = await startFakeLiveApi();
generateRooms(ROOMS).forEach((room, i) =>
  addFakeRoom(
    api,
    { roomId: room.roomId, uname: room.name, title: room.title },
    ROOM_COLOURS[i % ROOM_COLOURS.length],
  ),
);
for (const [i, room] of [EVENING, GOING_LIVE].entries())
  addFakeRoom(api, { roomId: room.roomId, uname: room.name, title: room.title }, ROOM_COLOURS[i]);
const recorder = await startFakeRecorder({ rooms: ROOMS, live: 3 });
const headless = startHeadless(
  [
    ...['--port', '0', '--ui-port', '0', '--no-desktop'],
    ...['--data-dir', join(work, 'data'), '--recording-root', recordingRoot],
    ...['--recorder-url', recorder.url, '--live-api-host', api.url],
  ],
  {},
  HEADLESS_BUNDLE,
);
const browser = await launchChromium();
try {
  const ready = await headless.waitFor((line) => line.type === 'ready', 30_000);
  if (typeof ready.uiUrl !== 'string') throw new Error('headless mode served no window');
  recorder.addWebhook(ready.webhookUrl as string);
  // The evening's recordings are on disk, so the Files list offers to open them.
  const evening = liveSession(EVENING, 3);
  for (const event of evening) {
    const path = (event.EventData as { RelativePath?: unknown } | undefined)?.RelativePath;
    if (event.EventType !== 'FileClosed' || typeof path !== 'string') continue;
    await mkdir(dirname(join(recordingRoot, path)), { recursive: true });
    await writeFile(join(recordingRoot, path), 'flv');
  }
  for (const event of evening) await postWebhook(ready.webhookUrl as string, JSON.stringify(event));
  await postWebhook(
    ready.webhookUrl as string,
    JSON.stringify(v2('StreamStarted', GOING_LIVE, 60, {}, { streaming: true, recording: false })),
  );
  // Its go-live popup is decided after the grouping window, with the room's pictures fetched.
  await headless.waitFor(
    (line) => line.type === 'notification' && line.roomIds?.includes(GOING_LIVE.roomId),
  );

  const page = await browser.newPage({ viewport: WINDOW, deviceScaleFactor: 2 });
  const watch = await watchPage(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(ready.uiUrl);
  await page.waitForSelector('.shell');
  await setLanguage(page, 'zh-CN');
  await page.locator('.room.is-recording').first().waitFor();
  await page.locator('#tab-notifications .badge').waitFor();
  const rooms = await settledShot(page);
  await showView(page, 'files');
  await page.locator('.file').first().waitFor();
  const files = await settledShot(page);
  await mkdir(dirname(OUT), { recursive: true });
  const picture = await browser.newPage({ deviceScaleFactor: 1 });
  await sideBySide(picture, [rooms, files]);
  await picture.screenshot({ path: OUT });
  if (watch.errors.length > 0) throw new Error(`the window reported: ${watch.errors.join('; ')}`);
  say(`wrote ${relative(PROJECT_ROOT, OUT)} (${Math.round((await stat(OUT)).size / 1024)} KB)`);
} finally {
  await browser.close();
  await headless.stop();
  await recorder.close();
  await api.close();
  await rm(work, { recursive: true, force: true });
}
