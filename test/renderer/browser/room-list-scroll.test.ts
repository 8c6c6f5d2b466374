import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView } from '../../helpers/window-page';

const ROOMS = 120;
// A scroll shows its rows at once; waiting longer would let something else render them.
const SOON = { timeout: 2000 };
let session: PreviewSession;
let browser: Browser;

beforeAll(async () => {
  [session, browser] = await Promise.all([
    // Polls far apart: a state push would render the list anew and hide a missed scroll.
    startPreviewSession({ rooms: ROOMS, live: 2, args: ['--poll-interval', '3600'] }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

describe('the room list, scrolled', () => {
  it('renders the rows in view wherever it is scrolled to, and only those', async () => {
    const { page } = await openWindow(browser, session.uiUrl);
    await showView(page, 'rooms');
    await page.waitForSelector(`.vlist [role="listitem"][aria-setsize="${ROOMS}"]`);
    const positions = () =>
      page.$$eval('.vlist [role="listitem"]', (rows) =>
        rows.map((row) => Number(row.getAttribute('aria-posinset'))),
      );
    const scrollTo = (fraction: number) =>
      page.$eval(
        '.vlist',
        (list, f) => {
          list.scrollTop = (list.scrollHeight - list.clientHeight) * f;
          list.dispatchEvent(new Event('scroll'));
        },
        fraction,
      );

    expect(await positions()).toContain(1);

    await scrollTo(1);
    await page.waitForSelector(`.vlist [role="listitem"][aria-posinset="${ROOMS}"]`, SOON);
    const atEnd = await positions();
    expect(atEnd).not.toContain(1);
    expect(atEnd.length).toBeLessThan(40);

    await scrollTo(0.5);
    await page.waitForSelector(`.vlist [role="listitem"][aria-posinset="${ROOMS / 2}"]`, SOON);
    const inMiddle = await positions();
    expect(inMiddle).not.toContain(1);
    expect(inMiddle).not.toContain(ROOMS);

    await scrollTo(0);
    await page.waitForSelector('.vlist [role="listitem"][aria-posinset="1"]', SOON);
    await page.close();
  }, 60_000);
});
