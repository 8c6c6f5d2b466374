import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import {
  NAS_ONLY_ROOM,
  STANDBY_ROOM,
  startRecordersSession,
  type RecordersSession,
} from '../../helpers/recorders-session';
import { openWindow, setLanguage, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: Chinese first, then English through the contract.
const zh = WINDOW_STRINGS['zh-CN'];
const en = WINDOW_STRINGS.en;

let session: RecordersSession;
let browser: Browser;
let window: WindowPage;

beforeAll(async () => {
  [session, browser] = await Promise.all([startRecordersSession(), launchChromium()]);
  window = await openWindow(browser, session.uiUrl, { width: 900, height: 760 });
  window.page.setDefaultTimeout(8000); // a missing element fails with its locator, not the test's time-out
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

function row(page: Page, recorderId: string, roomId: number) {
  return page.locator(
    `.vlist-row:has(article[data-room-id="${roomId}"][data-recorder-id="${recorderId}"])`,
  );
}

/** Selects a room's row on one recorder (its controls show on the active row) and returns it. */
async function selectRoom(page: Page, recorderId: string, roomId: number) {
  const found = row(page, recorderId, roomId);
  await found.focus();
  await found.locator('.room-controls').waitFor();
  return found;
}

function chip(page: Page, name: string) {
  return page.locator('.recorder-chips .filter-chip', { hasText: name });
}

describe('the Rooms view with two recorders (browser preview, two fake recorders)', () => {
  it('zh-CN: recorder chips with counts; the standby room shows once per recorder, named', async () => {
    const { page } = window;
    await showView(page, 'rooms');
    await page.getByRole('group', { name: zh.rooms.recordersLabel }).waitFor();
    await chip(page, 'PC').locator('.filter-count', { hasText: '3' }).waitFor();
    await chip(page, 'NAS').locator('.filter-count', { hasText: '2' }).waitFor();
    await chip(page, zh.rooms.allRecorders).locator('.filter-count', { hasText: '5' }).waitFor();
    expect(await page.locator(`article[data-room-id="${STANDBY_ROOM}"]`).count()).toBe(2);
    expect(await row(page, 'default', STANDBY_ROOM).locator('.pill-recorder').textContent()).toBe(
      `${zh.rooms.onRecorder}PC`,
    );
    expect(await row(page, 'nas', STANDBY_ROOM).locator('.pill-recorder').textContent()).toBe(
      `${zh.rooms.onRecorder}NAS`,
    );

    await chip(page, 'NAS').click();
    expect(await chip(page, 'NAS').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('article.room').count()).toBe(2);
    const shown = await page
      .locator('article.room')
      .evaluateAll((rows) => rows.map((r) => `${r.dataset.recorderId}/${r.dataset.roomId}`));
    expect(shown.sort()).toEqual([`nas/${STANDBY_ROOM}`, `nas/${NAS_ONLY_ROOM}`]);
    // The state chips count that recorder's rooms only.
    await page.locator('.toolbar-note', { hasText: '2' }).waitFor();
  });

  it('zh-CN: a command on the standby room reaches only the recorder of its row', async () => {
    const { page } = window;
    for (const recorder of [session.pc, session.nas]) {
      recorder.state.get(STANDBY_ROOM).autoRecord = false;
      await recorder.setLive(STANDBY_ROOM, true);
    }
    const nasRow = await selectRoom(page, 'nas', STANDBY_ROOM);
    await nasRow.getByRole('button', { name: zh.rooms.controls.start }).click();
    await expect.poll(() => session.nas.state.get(STANDBY_ROOM).recording).toBe(true);
    expect(session.pc.state.get(STANDBY_ROOM).recording).toBe(false);
    // A light per recorder in the header, each named.
    const lights = page.locator('.header-recorders .chip');
    await expect.poll(() => lights.count()).toBe(2);
    expect(await lights.nth(0).textContent()).toBe(`PC: ${zh.header.recorder.ok}`);
  });

  it('en: filter, a command on the other recorder, and a recorder that is down named', async () => {
    const { page } = window;
    await setLanguage(page, 'en');
    await page.getByRole('group', { name: en.rooms.recordersLabel }).waitFor();
    await chip(page, 'PC').click();
    await expect.poll(() => page.locator('article.room').count()).toBe(3);
    const pcRow = await selectRoom(page, 'default', STANDBY_ROOM);
    await pcRow.getByRole('button', { name: en.rooms.controls.start }).click();
    await expect.poll(() => session.pc.state.get(STANDBY_ROOM).recording).toBe(true);
    await chip(page, en.rooms.allRecorders).click();
    await expect.poll(() => page.locator('article.room').count()).toBe(5);

    // The NAS goes away: its light says so by name, the PC's stays connected.
    await session.nas.close();
    await page
      .locator('.header-recorders .chip-bad', { hasText: `NAS: ${en.header.recorder.unreachable}` })
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('.header-recorders .chip').nth(0).textContent()).toBe(
      `PC: ${en.header.recorder.ok}`,
    );
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });
});
