import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROBLEM_TEXT } from '../../../shared/i18n/problem-text';
import { Language } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';

/** Where the screenshots go (git-ignored). */
const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const STALLED_ROOM = 23058;

let browser: Browser;
let session: PreviewSession;
let configDir: string;

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'problem-badge-'));
  const config = join(configDir, 'config.json');
  // Seconds instead of minutes, so that the problems open while the test waits.
  await writeFile(
    config,
    JSON.stringify({ guardian: { notRecordingSeconds: 1, danmakuDownSeconds: 1 } }),
  );
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 4, args: ['--config', config, '--poll-interval', '1'] }),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

it('the Rooms view shows a problem badge with advice on the rooms that have one, in zh-CN and English; screenshots in test-output', async () => {
  const { recorder } = session;
  const otherRoom = recorder.state.rooms[1]!.roomId;
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 560, height: 1000 });
  await showView(page, 'rooms');
  await recorder.scenario(STALLED_ROOM, 'not-recording');
  await recorder.scenario(otherRoom, 'danmaku-down');
  for (const language of Language.options) {
    await setLanguage(page, language);
    const text = PROBLEM_TEXT[language].codes;
    const badge = page.locator(
      `.room[data-room-id="${STALLED_ROOM}"] .problem-badge[data-problem="not-recording"]`,
    );
    await badge.waitFor();
    await page
      .locator(`.room[data-room-id="${otherRoom}"] .problem-badge[data-problem="danmaku-down"]`)
      .waitFor();
    await expect.poll(() => badge.textContent()).toBe(`⚠ ${text['not-recording'].name}`);
    expect(await badge.getAttribute('title')).toBe(text['not-recording'].advice);
    expect(await badge.getAttribute('aria-label')).toContain(text['not-recording'].advice);
    // Rooms without a problem carry no badge.
    const healthy = recorder.state.rooms.slice(2).map((r) => r.roomId);
    for (const roomId of healthy) {
      expect(await page.locator(`.room[data-room-id="${roomId}"] .problem-badge`).count()).toBe(0);
    }
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: join(OUT, `problem-badge-${language}.png`) });
  }
  expect(watch.errors).toEqual([]);
});
