import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_STRINGS } from '../../../shared/i18n/window/phone';
import {
  startFakeTelegramBotApi,
  type FakeTelegramBotApi,
} from '../../fakes/push-services/fake-telegram-bot-api';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const zh = PHONE_STRINGS['zh-CN'];
const TOKEN = '246810:SECRETsecretSECRETsecret';
const CHAT = 1357;

let browser: Browser;
let session: PreviewSession;
let telegram: FakeTelegramBotApi;

beforeAll(async () => {
  telegram = await startFakeTelegramBotApi(TOKEN);
  const url = `tgram://${TOKEN}/${CHAT}?commands=yes&api=${telegram.url}`;
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 1, live: 0, args: ['--push', url] }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await telegram?.close();
});

describe('Settings → Push shows a commanding Telegram target’s bot (headless mode, Chromium)', () => {
  it('connected, the last command and its sender, "send me the list"; a phone line; no token', async () => {
    telegram.userSays(CHAT, CHAT, '/status');
    const line = await session.headless.waitFor((l) => l.type === 'phone');
    expect(line).toMatchObject({
      service: 'tgram',
      sender: String(CHAT),
      line: 'from Telegram: status',
    });

    const { page, watch } = await openWindow(browser, session.uiUrl, { width: 900, height: 900 });
    await showView(page, 'settings');
    const row = page.locator('[data-push-target="0"]');
    await row.getByText(zh.connection.connected).waitFor({ timeout: 10_000 });
    await row.locator('[data-last-command]', { hasText: 'from Telegram: status' }).waitFor();
    expect(await row.locator('[data-last-command]').textContent()).toContain(`${zh.from} ${CHAT}`);
    await row.getByRole('button', { name: zh.sendCommands }).click();
    await row.getByText('命令列表已发送。').waitFor();
    const sent = telegram.callsOf('sendMessage').map((c) => c.body.text as string);
    expect(sent.at(-1)).toMatch(/^命令：\n谁在播（\/live）/);
    // The token stays out of the page (the URL field is masked) and of every output line.
    expect(await page.getAttribute('#push-0-url', 'type')).toBe('password');
    expect(await row.textContent()).not.toContain(TOKEN.split(':')[1]);
    expect(JSON.stringify(session.headless.lines)).not.toContain(TOKEN.split(':')[1]);
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });
});
