import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { callContract, openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN (test/helpers/headless-process.ts): the window starts in
// Chinese; the second half switches the app to English through the contract.
const zh = WINDOW_STRINGS['zh-CN'].rooms.controls;
const en = WINDOW_STRINGS.en.rooms.controls;

/** Where the screenshots go (git-ignored). */
const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');

let session: PreviewSession;
let browser: Browser;
let window: WindowPage;

beforeAll(async () => {
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 3, args: ['--poll-interval', '1'] }),
    launchChromium(),
  ]);
  window = await openWindow(browser, session.uiUrl, { width: 760, height: 700 });
  await mkdir(OUT, { recursive: true });
  window.page.setDefaultTimeout(8000); // a missing element fails with its locator, not the test's time-out
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

/** Selects a room's row (its controls show on the active row) and returns the row. */
async function selectRoom(page: Page, roomId: number) {
  const row = page.locator(`.vlist-row:has(article[data-room-id="${roomId}"])`);
  await row.focus(); // as a click or the arrow keys do: the row becomes the list's active one
  await row.locator('.room-controls').waitFor();
  return row;
}

describe('room controls in the window (browser preview, fake recorder)', () => {
  it('zh-CN: start a live room, stop asks first (cancel, then stop), the auto-record switch', async () => {
    const { page } = window;
    const room = session.recorder.state.rooms[2]!;
    room.autoRecord = false;
    await session.recorder.setLive(room.roomId, true);
    // The go-live line of headless mode lists the popup's buttons.
    const line = await session.headless.waitFor(
      (l) => l.type === 'notification' && l.event === 'StreamStarted',
    );
    expect(line.buttons).toEqual(['record', 'openRoom', 'mute', 'favourite']);

    await showView(page, 'rooms');
    const row = await selectRoom(page, room.roomId);
    await row.getByRole('button', { name: zh.start }).click();
    await vi.waitFor(() => expect(room.recording).toBe(true), { timeout: 5000 });
    await row.getByRole('button', { name: zh.stop }).waitFor();
    await page.screenshot({ path: join(OUT, 'room-controls-zh.png') });

    await row.getByRole('button', { name: zh.stop }).click();
    await row.getByRole('alert').waitFor();
    expect(await row.getByRole('alert').textContent()).toBe(zh.confirmStop(room.name));
    await row.getByRole('button', { name: zh.cancel }).click();
    expect(room.recording).toBe(true);
    // At most one command per room a second: a quick second one is refused in plain words, and
    // goes through once the second has passed.
    const result = row.locator('.room-control-result');
    await vi.waitFor(
      async () => {
        await row.getByRole('button', { name: zh.stop }).click();
        await row.getByRole('button', { name: zh.yesStop }).click();
        await result.filter({ hasText: /./ }).waitFor();
        const said = await result.textContent();
        if (room.recording)
          expect(said).toBe(`对房间 ${room.roomId} 的操作太频繁了，请一秒后再试。`);
        expect(room.recording).toBe(false);
      },
      { timeout: 5000, interval: 250 },
    );

    const toggle = row.getByRole('switch', { name: zh.autoRecord });
    await vi.waitFor(async () => expect(await toggle.isChecked()).toBe(false));
    await vi.waitFor(
      async () => {
        if (!(await toggle.isChecked())) await toggle.click();
        expect(room.autoRecord).toBe(true);
      },
      { timeout: 5000, interval: 250 },
    );
    await vi.waitFor(async () => expect(await toggle.isChecked()).toBe(true));
  });

  it('English: add a room by its live URL, refuse a wrong one, remove asks first', async () => {
    const { page } = window;
    await callContract(page, 'settings:update', { language: 'en' });
    await showView(page, 'rooms');
    const form = page.locator(`form.add-room[aria-label="${en.addTitle}"]`);
    if (!(await form.isVisible())) await page.getByText(en.addTitle, { exact: true }).click(); // folded
    await form.waitFor();

    await form.getByLabel(en.addLabel).fill('https://www.bilibili.com/video/BV1xx');
    await form.getByRole('button', { name: en.add }).click();
    await form.getByText(en.addInvalid).waitFor();

    await form.getByLabel(en.addLabel).fill('https://live.bilibili.com/7734200?spm_id_from=1');
    await form.getByRole('switch', { name: en.addAutoRecord }).uncheck();
    await form.getByRole('button', { name: en.add }).click();
    await form.getByText('Room 7734200 was added to the recorder.').waitFor();
    expect(session.recorder.state.find(7_734_200)?.autoRecord).toBe(false);
    await page.locator('article[data-room-id="7734200"]').waitFor();

    const row = await selectRoom(page, 7_734_200);
    // The add was this room's command a moment ago: the remove may be refused once as too soon.
    const removed = () => expect(session.recorder.state.find(7_734_200)).toBeUndefined();
    await vi.waitFor(
      async () => {
        // A round whose yes landed after its check ran: the room is gone, nothing to press.
        if (session.recorder.state.find(7_734_200) === undefined) return;
        await row.getByRole('button', { name: en.remove }).click();
        expect(await row.getByRole('alert').textContent()).toBe(en.confirmRemove('7734200'));
        await row.getByRole('button', { name: en.yesRemove }).click();
        // The row's result still holds the last round's words: wait on the recorder instead.
        await vi.waitFor(removed, { timeout: 3_000, interval: 100 });
      },
      // 5 s ran out at a load of 15 (each round's clicks take seconds there).
      { timeout: 15_000, interval: 300 },
    );
    await page.screenshot({ path: join(OUT, 'room-controls-en.png') });
  });

  it('notification:act through the preview records a go-live from the history', async () => {
    const { page } = window;
    const room = session.recorder.state.rooms[1]!;
    room.autoRecord = false;
    // The app learns auto-record from a poll (every second here) before the room goes live.
    await vi.waitFor(
      async () => {
        const state = (await callContract(page, 'state:get', {})) as {
          rooms: { roomId: number; autoRecord?: boolean }[];
        };
        expect(state.rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false);
      },
      { timeout: 5000 },
    );
    await session.recorder.setLive(room.roomId, true);
    const line = await session.headless.waitFor(
      (l) =>
        l.type === 'notification' && l.event === 'StreamStarted' && l.roomIds[0] === room.roomId,
    );
    expect(line.buttons).toContain('record');
    expect(await callContract(page, 'notification:act', { id: line.id, button: 'record' })).toEqual(
      {
        ok: true,
        message: `The recorder was asked to start recording room ${room.roomId}.`,
      },
    );
    await vi.waitFor(() => expect(room.recording).toBe(true));
  });
});
