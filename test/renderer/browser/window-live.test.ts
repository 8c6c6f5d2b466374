import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseName } from '../../../shared/format';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import { postWebhook } from '../../helpers/http';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { relativePathFor, ts, v2, type TestRoom } from '../../helpers/recorder-events';
import { openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN (test/helpers/headless-process.ts): the window speaks Chinese.
const zh = WINDOW_STRINGS['zh-CN'];

let session: PreviewSession;
let browser: Browser;
let recordingRoot: string;

beforeAll(async () => {
  recordingRoot = await mkdtemp(join(tmpdir(), 'window-live-root-'));
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 3, args: ['--recording-root', recordingRoot] }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

async function send(body: Record<string, unknown>): Promise<void> {
  const response = await postWebhook(session.webhookUrl, JSON.stringify(body));
  expect(response.status).toBe(204);
}

function fileClosed(room: TestRoom, path: string, at: number, size = 1_500_000) {
  return v2('FileClosed', room, at, {
    SessionId: '0b8e3f4e-6a4e-4a57-9f3c-3d2d2b1e7a10',
    RelativePath: path,
    FileSize: size,
    Duration: 61.5,
    FileOpenTime: ts(at - 61.5),
    FileCloseTime: ts(at),
  });
}

describe('the window in the browser preview, live', () => {
  let window: WindowPage;
  beforeAll(async () => {
    window = await openWindow(browser, session.uiUrl);
  });

  it('shows a webhook as a notification, a file and a room without a reload', async () => {
    const { page } = window;
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    const room = { roomId: 55501, name: 'UI测试主播', title: '第一个标题' };

    await showView(page, 'notifications');
    await send(v2('StreamStarted', room, 1, {}, { streaming: true, recording: false }));
    await page.locator('.note', { hasText: 'UI测试主播 开播了' }).waitFor();
    await page.locator('#tab-notifications .badge').waitFor();

    await showView(page, 'files');
    const present = relativePathFor(room, 2);
    const gone = relativePathFor(room, 3);
    await mkdir(dirname(join(recordingRoot, present)), { recursive: true });
    await writeFile(join(recordingRoot, present), 'flv');
    await send(fileClosed(room, present, 2));
    await send(fileClosed(room, gone, 3));
    const presentRow = page.locator('.file', { hasText: baseName(present) });
    const goneRow = page.locator('.file', { hasText: baseName(gone) });
    await presentRow.waitFor();
    await goneRow.waitFor();
    expect(await presentRow.textContent()).toContain('1.50 MB');
    expect(await presentRow.textContent()).not.toContain(zh.files.missing);
    expect(await goneRow.textContent()).toContain(zh.files.missing);
    expect(await goneRow.getByRole('button', { name: zh.files.open }).isDisabled()).toBe(true);
    // "Check the recording root" leads to the field of the file's recorder, focused.
    await page.getByRole('button', { name: zh.lists.checkRoot }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('recorder-0-root');
    await showView(page, 'files');

    await showView(page, 'rooms');
    const row = page.locator('[data-room-id="55501"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('第一个标题');
    await send(
      v2(
        'StreamStarted',
        { ...room, title: '换了一个标题' },
        4,
        {},
        { streaming: true, recording: false },
      ),
    );
    await row.getByText('换了一个标题').waitFor();

    expect(await page.evaluate(() => (globalThis as { loadedOnce?: boolean }).loadedOnce)).toBe(
      true,
    );
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });

  it('renders hostile names and titles as text, running nothing', async () => {
    const { page, watch } = window;
    const room = {
      roomId: 55502,
      name: '<img src=x onerror=alert(1)>',
      title: '<script>alert(2)</script>',
    };
    await send(v2('StreamStarted', room, 10, {}, { streaming: true, recording: false }));
    await send(fileClosed(room, '55502-x/<img src=x onerror=alert(3)>.flv', 11));

    await showView(page, 'rooms');
    const row = page.locator('[data-room-id="55502"]');
    await row.getByText('<script>alert(2)</script>', { exact: true }).waitFor();
    expect(await row.locator('.room-name').textContent()).toBe('<img src=x onerror=alert(1)>');
    await showView(page, 'files');
    await page.getByText('<img src=x onerror=alert(3)>.flv', { exact: true }).waitFor();
    await showView(page, 'notifications');
    await page.locator('.note', { hasText: '<img src=x onerror=alert(1)> 开播了' }).waitFor();
    await showView(page, 'settings');
    await page.locator('.event summary').first().click();
    await page.locator('.event pre').first().waitFor();

    const dom = await page.evaluate(() => ({
      images: document.querySelectorAll('img').length,
      scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src')),
    }));
    expect(dom.images).toBe(0);
    expect(dom.scripts).toEqual([expect.stringMatching(/^\.\/assets\/index-.*\.js$/)]);
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });

  it('sends a test event through the listener and replays a logged one', async () => {
    const { page } = window;
    await showView(page, 'settings');
    // Test events only: the log is a virtual list, and how many rows it renders depends on how
    // far down the page it starts.
    const testEvents = page.locator('.event', { hasText: zh.events.source.test });
    const before = await testEvents.count();
    await page.getByRole('button', { name: zh.events.sendTest.StreamStarted }).click();
    await page.getByRole('status').getByText(zh.events.sent).waitFor();
    const testEvent = page.locator('.event', { hasText: zh.events.source.test }).first();
    await testEvent.waitFor();
    expect(await testEvent.locator('.event-type').textContent()).toBe('StreamStarted');
    expect(await testEvent.locator('.item-title').textContent()).toContain(
      zh.lists.eventTypes.StreamStarted,
    );
    // `.first()` may be an earlier test event: the new row comes when the list re-renders.
    await expect.poll(() => testEvents.count(), { timeout: 10_000 }).toBeGreaterThan(before);

    const webhookEvent = page.locator('.event', { hasText: zh.events.source.webhook }).first();
    await webhookEvent.getByRole('button', { name: zh.events.replay }).click();
    // A replay may pop up again: it is asked first, in the page (no dialog).
    await webhookEvent.getByText(zh.setup.replayConfirm).waitFor();
    await webhookEvent.getByRole('button', { name: zh.setup.replayYes }).click();
    await page.getByRole('status').getByText(zh.events.replayed).waitFor();
    await page.locator('.event', { hasText: zh.events.source.replay }).first().waitFor();
  });

  it('marks notifications read, one and all, and the unread count follows', async () => {
    const { page } = window;
    await showView(page, 'notifications');
    const unread = page.locator('.note.is-unread');
    await unread.first().waitFor();
    const count = await unread.count();
    await unread.first().getByRole('button', { name: zh.notifications.markRead }).click();
    await expect.poll(() => unread.count()).toBe(count - 1);
    await page.getByRole('button', { name: zh.notifications.markAllRead }).click();
    await expect.poll(() => unread.count()).toBe(0);
    await page.locator('#tab-notifications .badge').waitFor({ state: 'detached' });
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { page } = window;
    await showView(page, 'rooms');
    await page.focus('#tab-rooms');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-files');
    await page.waitForSelector('#tab-files[aria-selected="true"]');
    await page.keyboard.press('End');
    await page.waitForSelector('#tab-settings[aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#tab-rooms[aria-selected="true"]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#tab-settings[aria-selected="true"]');
    // Only the selected tab is in the Tab order.
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
  });
});
