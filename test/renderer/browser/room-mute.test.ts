import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import type { Settings } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { callContract, openWindow, setLanguage, showView } from '../../helpers/window-page';

let browser: Browser;
let session: PreviewSession;

beforeAll(async () => {
  [session, browser] = await Promise.all([startPreviewSession({ rooms: 3 }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

/** The notifications settings as main keeps them. */
async function mutes(page: Page): Promise<Settings['notifications']> {
  return ((await callContract(page, 'settings:get', {})) as Settings).notifications;
}

it("don't notify asks how long (an hour, today, always), and pressing it again notifies again", async () => {
  const { page } = await openWindow(browser, session.uiUrl, { width: 1100, height: 720 });
  await showView(page, 'rooms');
  const en = WINDOW_STRINGS.en.lists;
  const roomId = session.recorder.state.rooms[0]!.roomId;
  const row = page.locator(`.vlist-row:has(article[data-room-id="${roomId}"])`);
  await setLanguage(page, 'en');
  await row.focus();

  await row.getByRole('button', { name: en.dontNotify }).click();
  await row.getByRole('button', { name: en.muteFor.hour }).click();
  const start = Date.now();
  await vi.waitFor(async () => {
    const { mutedRoomsUntil } = await mutes(page);
    const mute = mutedRoomsUntil.find((m) => m.roomId === roomId);
    expect(mute?.until).toBeGreaterThan(start + 3_500_000);
    expect(mute?.until).toBeLessThan(start + 3_700_000);
  });
  const pressed = row.getByRole('button', { name: en.dontNotify, pressed: true });
  await pressed.waitFor();

  await pressed.click();
  await vi.waitFor(async () => {
    const notifications = await mutes(page);
    expect(notifications.mutedRoomsUntil.some((m) => m.roomId === roomId)).toBe(false);
    expect(notifications.mutedRooms).not.toContain(roomId);
  });

  await row.getByRole('button', { name: en.dontNotify }).click();
  await row.getByRole('button', { name: en.muteFor.always }).click();
  await vi.waitFor(async () => expect((await mutes(page)).mutedRooms).toContain(roomId));
});
