import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WINDOW_VIEWS, type WindowView } from '../../../shared/i18n/window';
import { Language } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { postWebhook } from '../../helpers/http';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { liveSession, relativePathFor, v2 } from '../../helpers/recorder-events';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { contrastFailures } from './contrast';

/** Where the screenshots go (git-ignored). */
const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const LANGUAGES: readonly Language[] = Language.options;
const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;
let session: PreviewSession;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'screenshots-root-'));
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 9, live: 3, args: ['--recording-root', root] }),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
  // An evening: a stream with three files (the first still on disk), another room going live.
  const room = { roomId: 21452505, name: '七海Nana7mi', title: '【歌回】今晚唱新歌' };
  const kept = relativePathFor(room, 1);
  await mkdir(dirname(join(root, kept)), { recursive: true });
  await writeFile(join(root, kept), 'flv');
  for (const event of liveSession(room, 3))
    await postWebhook(session.webhookUrl, JSON.stringify(event));
  await postWebhook(
    session.webhookUrl,
    JSON.stringify(
      v2(
        'StreamStarted',
        { roomId: 22625025, name: '雪糕cheese', title: '深夜电台 🎧' },
        60,
        {},
        { streaming: true, recording: false },
      ),
    ),
  );
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

async function settle(page: Page, view: WindowView): Promise<void> {
  await showView(page, view);
  await page.waitForSelector('.vlist, .items, .empty, .settings-form');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Inputs and selects that no label names. */
function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')]
      .filter(
        (element) => (element.labels?.length ?? 0) === 0 && !element.getAttribute('aria-label'),
      )
      .map((element) => element.id || element.outerHTML.slice(0, 80)),
  );
}

/** Elements wider than their box: the page, and every scrolling area. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      document.documentElement,
      ...document.querySelectorAll<HTMLElement>('.view-scroll, .vlist, .toolbar, .header'),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map(
        (element) =>
          `${element.className || element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
}

const SIZES = [
  { name: '420x600', width: 420, height: 600 },
  { name: '1100x720', width: 1100, height: 720 },
] as const;

it('writes a screenshot of every view at 420×600 and 1100×720, in both languages, light and dark; each fits, with every input labelled and AA contrast', async () => {
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 420, height: 600 });
  // The go-live notifications are held for the grouping window before they are decided.
  await page.locator('#tab-notifications .badge').waitFor();
  await page.locator('.room.is-recording').first().waitFor();
  const written: string[] = [];
  const contrast: Record<string, unknown[]> = {};
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const view of WINDOW_VIEWS) {
          await settle(page, view);
          const file = join(OUT, `${view}-${size.name}-${language}-${scheme}.png`);
          await page.screenshot({ path: file });
          written.push(file);
          const failures = await contrastFailures(page);
          if (failures.length > 0)
            contrast[`${view}-${size.name}-${language}-${scheme}`] = failures;
          if (size.width === 420) {
            // The smallest window the app allows: nothing may stick out sideways.
            expect({ view, language, overflowing: await overflowing(page) }).toEqual({
              view,
              language,
              overflowing: [],
            });
            expect({ view, unlabelled: await unlabelled(page) }).toEqual({ view, unlabelled: [] });
          }
        }
      }
    }
  }
  expect(contrast).toEqual({});
  expect(written).toHaveLength(
    LANGUAGES.length * SCHEMES.length * SIZES.length * WINDOW_VIEWS.length,
  );
  for (const file of written) expect((await stat(file)).size).toBeGreaterThan(5_000);
  expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
}, 180_000);
