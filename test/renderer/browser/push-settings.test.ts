import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_STRINGS } from '../../../shared/i18n/window/push';
import {
  startFakePushServer,
  type FakePushServer,
} from '../../fakes/push-services/fake-push-server';
import { ntfyService } from '../../fakes/push-services/services';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const zh = PUSH_STRINGS['zh-CN'];
const en = PUSH_STRINGS.en;

let browser: Browser;
let session: PreviewSession;
let ntfy: FakePushServer;

beforeAll(async () => {
  [session, browser, ntfy] = await Promise.all([
    startPreviewSession({ rooms: 1, live: 0 }),
    launchChromium(),
    startFakePushServer(ntfyService()),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await ntfy?.close();
});

describe('Settings → Push in Chromium', () => {
  let window: WindowPage;
  beforeAll(async () => {
    window = await openWindow(browser, session.uiUrl, { width: 900, height: 900 });
  });

  it('adds a target masked, tests it, filters it, in Chinese and then in English', async () => {
    const { page } = window;
    await showView(page, 'settings');
    const section = page.locator('section[aria-labelledby="settings-push-title"]');
    await section.getByRole('heading', { name: zh.section }).waitFor();
    await section.getByText(zh.none).waitFor();

    const url = `ntfy://127.0.0.1:${ntfy.port}/phone-topic`;
    await page.fill('#push-add-url', url);
    expect(await page.getAttribute('#push-add-url', 'type')).toBe('password');
    await section.getByRole('button', { name: zh.add, exact: true }).click();
    const row = section.locator('[data-push-target="0"]');
    await row.waitFor();
    // Masked until asked: the URL carries the topic (on ntfy.sh, the topic is the password).
    expect(await page.getAttribute('#push-0-url', 'type')).toBe('password');
    await row.getByRole('button', { name: zh.show }).click();
    expect(await page.getAttribute('#push-0-url', 'type')).toBe('text');
    expect(await page.inputValue('#push-0-url')).toBe(url);

    await row.getByRole('button', { name: zh.test }).click();
    await row.getByRole('status').getByText(zh.sent).waitFor();
    expect(ntfy.received.map((r) => r.body.title)).toEqual(['Recorder Tray 测试推送']);

    // A real go-live reaches the phone, and the row says so.
    const room = session.recorder.state.rooms[0]!;
    await session.recorder.setLive(room.roomId, true);
    await row.locator('[data-last-push]', { hasText: zh.sent }).waitFor({ timeout: 10_000 });
    expect(ntfy.received.at(-1)!.body).toMatchObject({
      title: `${room.name} 开播了`,
      click: `https://live.bilibili.com/${room.roomId}`,
    });

    await page.check('#push-0-kind-StreamStarted');
    await page.fill('#push-0-rooms', '123, 456');
    await page.locator('#push-0-rooms').blur();
    const file = join(session.dataDir, 'settings.json');
    await expect
      .poll(async () => JSON.parse(await readFile(file, 'utf8')).pushTargets?.[0])
      .toMatchObject({ url, kinds: ['StreamStarted'], rooms: [123, 456], enabled: true });
    // Windows has no POSIX modes (stat says 0o666).
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    await page.selectOption('#language', 'en');
    await section.getByRole('heading', { name: en.section }).waitFor();
    const gone = await startFakePushServer(ntfyService());
    await gone.close(); // a port nobody listens on
    await page.fill('#push-add-url', `ntfy://127.0.0.1:${gone.port}/nobody-listens`);
    await section.getByRole('button', { name: en.add, exact: true }).click();
    const second = section.locator('[data-push-target="1"]');
    await second.getByRole('button', { name: en.test }).click();
    await second.getByRole('status').getByText(en.failures.unreachable).waitFor();
    expect(await second.getByRole('status').textContent()).toContain('ECONNREFUSED');
    expect(await section.textContent()).not.toContain(zh.test);
    // The narrow window (420 px) shows the section without sideways scrolling.
    await page.setViewportSize({ width: 420, height: 600 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      420,
    );
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });

  it('makes the secrets of a target switched to take commands, and masks them', async () => {
    const { page } = window;
    const section = page.locator('section[aria-labelledby="settings-push-title"]');
    const typed = `ntfy://127.0.0.1:${ntfy.port}/phone-topic?commands=yes`;
    await page.fill('#push-add-url', typed);
    await section.getByRole('button', { name: en.add, exact: true }).click();
    const file = join(session.dataDir, 'settings.json');
    const savedUrl = async () =>
      String(JSON.parse(await readFile(file, 'utf8')).pushTargets?.[2]?.url ?? '');
    await expect.poll(savedUrl).toMatch(/&control=.*&secret=/);
    const url = await savedUrl();
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(url.startsWith(`${typed}&`)).toBe(true);
    expect(query.get('control')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(query.get('secret')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(query.get('control')).not.toBe(query.get('secret'));
    // Shown masked like every URL, until asked; then it is what was saved.
    const row = section.locator('[data-push-target="2"]');
    await row.waitFor();
    expect(await page.getAttribute('#push-2-url', 'type')).toBe('password');
    await row.getByRole('button', { name: en.show }).click();
    expect(await page.inputValue('#push-2-url')).toBe(url);
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });
});
