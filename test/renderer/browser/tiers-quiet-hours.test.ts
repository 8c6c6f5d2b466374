import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { Language, type Settings } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { callContract, openWindow, setLanguage, showView } from '../../helpers/window-page';

/** Where the screenshots go (git-ignored). */
const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;
let session: PreviewSession;

beforeAll(async () => {
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 4, live: 2 }),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

async function notifications(page: Page): Promise<Settings['notifications']> {
  return ((await callContract(page, 'settings:get', {})) as Settings).notifications;
}

const resetTiers = (page: Page) =>
  callContract(page, 'settings:update', {
    notifications: { favourites: [], quietRooms: [], quietHours: { enabled: false } },
  });

it('the Rooms view sets tiers from a row: a favourite is pinned first with ★, a quiet room says so; both languages, light and dark', async () => {
  const rooms = session.recorder.state.rooms.map((r) => r.roomId);
  const favourite = rooms.at(-1)!;
  const quiet = rooms[0]!;
  for (const scheme of SCHEMES) {
    const { page, watch } = await openWindow(browser, session.uiUrl, {
      width: 1100,
      height: 720,
      colorScheme: scheme,
    });
    for (const language of Language.options) {
      const t = ATTENTION_TEXT[language];
      await resetTiers(page);
      await setLanguage(page, language);
      await page.reload(); // the window reads the settings at load
      await page.waitForSelector('.shell');
      await showView(page, 'rooms');
      const row = (roomId: number) =>
        page.locator(`.vlist-row:has(article[data-room-id="${roomId}"])`);
      await row(favourite).focus();
      await row(favourite)
        .getByRole('combobox', { name: `${t.tierLabel} (${favourite})` })
        .selectOption('favourite');
      await vi.waitFor(async () =>
        expect((await notifications(page)).favourites).toEqual([favourite]),
      );
      // Pinned first, whatever the sort, and marked.
      await expect
        .poll(() => page.locator('article.room').first().getAttribute('data-room-id'))
        .toBe(String(favourite));
      await row(favourite).locator('.favourite-mark').waitFor();

      await row(quiet).focus();
      await row(quiet)
        .getByRole('combobox', { name: `${t.tierLabel} (${quiet})` })
        .selectOption('quiet');
      await vi.waitFor(async () => expect((await notifications(page)).quietRooms).toEqual([quiet]));
      await row(quiet).locator('.pill-quiet', { hasText: t.quietPill }).waitFor();
      // Back to normal: it leaves the list.
      await row(favourite).focus();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: join(OUT, `rooms-tiers-${language}-${scheme}.png`) });
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  }
}, 90_000);

it('Settings sets quiet hours across midnight, the weekdays, what still pops up, favourites and sounds; both languages, light and dark', async () => {
  const favourite = session.recorder.state.rooms[1]!.roomId;
  for (const scheme of SCHEMES) {
    const { page, watch } = await openWindow(browser, session.uiUrl, {
      width: 1100,
      height: 900,
      colorScheme: scheme,
    });
    for (const language of Language.options) {
      const t = ATTENTION_TEXT[language];
      await resetTiers(page);
      await callContract(page, 'room:setTier', { roomId: favourite, tier: 'favourite' });
      await setLanguage(page, language);
      // The window reads the settings at load: it sees what the contract calls changed.
      await page.reload();
      await page.waitForSelector('.shell');
      await showView(page, 'settings');
      const section = page.locator('#settings-attention-title').locator('..');
      await section.getByText(t.section).waitFor();
      await section.getByRole('checkbox', { name: t.quietHoursOn }).check();
      await vi.waitFor(async () =>
        expect((await notifications(page)).quietHours.enabled).toBe(true),
      );
      await section.getByLabel(t.from, { exact: true }).fill('22:30');
      await vi.waitFor(async () =>
        expect((await notifications(page)).quietHours.from).toBe('22:30'),
      );
      await section.getByLabel(t.to, { exact: true }).fill('06:45');
      await vi.waitFor(async () => expect((await notifications(page)).quietHours.to).toBe('06:45'));
      await section.getByRole('checkbox', { name: t.weekdays[0]!, exact: true }).uncheck();
      await section.getByRole('checkbox', { name: t.letFavourites }).check();
      await vi.waitFor(async () =>
        expect((await notifications(page)).quietHours).toMatchObject({
          days: [1, 2, 3, 4, 5, 6],
          letThrough: { problems: true, favourites: true },
        }),
      );
      // The favourite is listed with a way back to normal.
      const favourites = section.getByRole('group', { name: t.favourites });
      await favourites.getByRole('button', { name: t.setNormal }).waitFor();
      const sound = section.locator('#sound-favourite');
      expect(
        await sound.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
      ).toBe(t.soundFavourite);
      await sound.fill('silent');
      await sound.blur();
      await vi.waitFor(async () =>
        expect((await notifications(page)).sounds.favourite).toBe('silent'),
      );
      // A room number that is not one: a clear error in the window's language, nothing saved.
      const changeRooms = section.getByLabel(t.roomChanges);
      await changeRooms.fill('23058 abc');
      await changeRooms.blur();
      await section.getByRole('alert').getByText(t.badRooms('abc')).waitFor();
      expect((await notifications(page)).roomChangeRooms).toEqual([]);
      await changeRooms.fill('23058');
      await changeRooms.blur();
      await vi.waitFor(async () =>
        expect((await notifications(page)).roomChangeRooms).toEqual([23058]),
      );
      await section.getByRole('button', { name: t.quietHour }).click();
      await vi.waitFor(async () =>
        expect((await notifications(page)).quietUntil).toBeGreaterThan(Date.now()),
      );
      await section.getByRole('button', { name: t.quietOff }).click();
      await vi.waitFor(async () => expect((await notifications(page)).quietUntil).toBeNull());
      await section.scrollIntoViewIfNeeded();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await section.screenshot({
        path: join(OUT, `settings-quiet-hours-${language}-${scheme}.png`),
      });
      await callContract(page, 'settings:update', {
        notifications: {
          sounds: { favourite: 'default' },
          quietHours: { days: [0, 1, 2, 3, 4, 5, 6] },
          roomChangeRooms: [],
        },
      });
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  }
}, 90_000);

it('a choice made before the answer to the last one came back keeps that one, and does not flip back when it comes', async () => {
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 1100, height: 900 });
  const t = ATTENTION_TEXT.en;
  await resetTiers(page);
  await setLanguage(page, 'en');
  await page.reload();
  await page.waitForSelector('.shell');
  await showView(page, 'settings');
  const section = page.locator('#settings-attention-title').locator('..');
  const sunday = section.getByRole('checkbox', { name: t.weekdays[0]!, exact: true });
  await sunday.waitFor();
  const before = (await notifications(page)).quietHours;
  expect(before.days).toContain(0);

  // Main applies each save at once; its answers reach the window only when the test lets them.
  const held: (() => void)[] = [];
  await page.route('**/api/call/settings:update', async (route) => {
    const response = await route.fetch();
    await new Promise<void>((release) => held.push(release));
    await route.fulfill({ response });
  });
  await section.getByLabel(t.to, { exact: true }).fill('05:15');
  await vi.waitFor(() => expect(held).toHaveLength(1));
  await sunday.uncheck(); // before the answer to the new end time came back
  await vi.waitFor(() => expect(held).toHaveLength(2));
  // Main has both: the second save did not write the old end time back.
  expect((await notifications(page)).quietHours).toMatchObject({
    to: '05:15',
    days: before.days.filter((d) => d !== 0),
  });

  // The first answer (which does not know of Sunday) comes back: Sunday stays unticked.
  const firstAnswered = page.waitForEvent('requestfinished');
  held[0]!();
  await firstAnswered;
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  expect(await sunday.isChecked()).toBe(false);
  const secondAnswered = page.waitForEvent('requestfinished');
  held[1]!();
  await secondAnswered;
  await page.unroute('**/api/call/settings:update');
  await expect.poll(() => section.getByLabel(t.to, { exact: true }).inputValue()).toBe('05:15');
  expect(await sunday.isChecked()).toBe(false);

  await callContract(page, 'settings:update', {
    notifications: { quietHours: { days: [0, 1, 2, 3, 4, 5, 6], to: before.to } },
  });
  expect(watch.errors).toEqual([]);
  await page.close();
}, 60_000);
