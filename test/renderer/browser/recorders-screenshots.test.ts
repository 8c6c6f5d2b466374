import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Language } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import {
  STANDBY_ROOM,
  startRecordersSession,
  type RecordersSession,
} from '../../helpers/recorders-session';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { contrastFailures } from './contrast';
import { openRecorderMore } from './settings-page';

/** Where the screenshots go (git-ignored). */
const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const SIZES = [
  { name: '420x600', width: 420, height: 600 },
  { name: '1100x720', width: 1100, height: 720 },
] as const;

let browser: Browser;
let session: RecordersSession;

beforeAll(async () => {
  [session, browser] = await Promise.all([
    startRecordersSession(),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
  // The standby room live on both, recording on the PC only; the NAS connected in one click.
  await session.pc.setLive(STANDBY_ROOM, true);
  session.nas.state.get(STANDBY_ROOM).autoRecord = false;
  await session.nas.setLive(STANDBY_ROOM, true);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

/** Elements wider than their box: the page, and every scrolling area. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      document.documentElement,
      ...document.querySelectorAll<HTMLElement>('.view-scroll, .vlist, .toolbar, .header'),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.className}: ${element.scrollWidth} > ${element.clientWidth}`),
  );
}

it('writes screenshots of the Rooms view and Settings → Recorders with two recorders, both languages, light and dark; each fits, with AA contrast', async () => {
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 420, height: 600 });
  await page.locator('.room.is-recording').first().waitFor();
  const found: Record<string, unknown[]> = {};
  for (const language of Language.options) {
    await setLanguage(page, language);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await showView(page, 'rooms');
        await page.locator('.recorder-chips').waitFor();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const rooms = `rooms-recorders-${size.name}-${language}-${scheme}`;
        await page.screenshot({ path: join(OUT, `${rooms}.png`) });
        found[rooms] = [...(await contrastFailures(page)), ...(await overflowing(page))];

        await showView(page, 'settings');
        await openRecorderMore(page, 1);
        await page.locator('#settings-recorders-title').scrollIntoViewIfNeeded();
        const settings = `settings-recorders-${size.name}-${language}-${scheme}`;
        await page.screenshot({ path: join(OUT, `${settings}.png`) });
        found[settings] = [...(await contrastFailures(page)), ...(await overflowing(page))];
      }
    }
  }
  expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0))).toEqual(
    {},
  );
  expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
});
