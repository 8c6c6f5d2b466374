import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView } from '../../helpers/window-page';

const ROOMS = 120;
// Generous for a loaded 2-core machine: what proves the scroll rendered the rows is that no state
// push came meanwhile (pushes counts them), not how soon they came.
const ROWS_SHOWN = { timeout: 20_000 };
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

    // A state push renders the list anew and would hide a missed scroll: a second stream on the
    // same events counts the pushes, and none may come between a scroll and its rows.
    await page.evaluate(async () => {
      const counter = window as unknown as { statePushes: number };
      counter.statePushes = 0;
      const stream = new EventSource('./api/events', { withCredentials: true });
      stream.addEventListener('state:changed', () => (counter.statePushes += 1));
      await new Promise((resolve) => stream.addEventListener('open', resolve, { once: true }));
    });
    const pushes = () =>
      page.evaluate(() => (window as unknown as { statePushes: number }).statePushes);
    const scrollShows = async (fraction: number, row: number) => {
      const before = await pushes();
      await scrollTo(fraction);
      await page.waitForSelector(`.vlist [role="listitem"][aria-posinset="${row}"]`, ROWS_SHOWN);
      expect(await pushes()).toBe(before);
    };

    expect(await positions()).toContain(1);

    await scrollShows(1, ROOMS);
    const atEnd = await positions();
    expect(atEnd).not.toContain(1);
    expect(atEnd.length).toBeLessThan(40);

    await scrollShows(0.5, ROOMS / 2);
    const inMiddle = await positions();
    expect(inMiddle).not.toContain(1);
    expect(inMiddle).not.toContain(ROOMS);

    await scrollShows(0, 1);
    await page.close();
  }, 60_000);
});
