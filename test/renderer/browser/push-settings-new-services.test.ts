import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_STRINGS } from '../../../shared/i18n/window/push';
import { oneBotService, pushDeerService } from '../../fakes/push-services/chat-services';
import {
  startFakePushServer,
  type FakePushServer,
} from '../../fakes/push-services/fake-push-server';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
} from '../../fakes/push-services/fake-smtp-server';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const zh = PUSH_STRINGS['zh-CN'];
const en = PUSH_STRINGS.en;

let browser: Browser;
let session: PreviewSession;
let onebot: FakePushServer;
let pushdeer: FakePushServer;
let smtp: FakeSmtpServer;

beforeAll(async () => {
  [session, browser, onebot, pushdeer, smtp] = await Promise.all([
    startPreviewSession({ rooms: 1, live: 0 }),
    launchChromium(),
    startFakePushServer(oneBotService({ token: 'ob-secret-token', groups: [123456], users: [] })),
    startFakePushServer(pushDeerService(['PDU1Tsecretkey'])),
    startFakeSmtpServer({ user: 'tray', password: 'smtp-secret-pw', insecure: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await Promise.all([onebot?.close(), pushdeer?.close(), smtp?.close()]);
});

/** Each new scheme with the secrets its URL carries (the window must not show them until asked). */
const offline = [
  ['dingtalk://SECsigning999@dingaccesstoken999', ['SECsigning999', 'dingaccesstoken999']],
  ['feishu://feishuSecret999@feishu-hook-999', ['feishuSecret999', 'feishu-hook-999']],
  ['lark://lark-hook-token-999', ['lark-hook-token-999']],
  ['wxpusher://AT_wxsecret999/UID_someone', ['AT_wxsecret999']],
  ['discord://123456789/discord-token-999', ['discord-token-999']],
] as const;

describe('Settings → Push with the new services, in Chromium', () => {
  let window: WindowPage;
  beforeAll(async () => {
    window = await openWindow(browser, session.uiUrl, { width: 900, height: 900 });
  });

  it('accepts each new scheme masked, tests the local ones, in Chinese and then in English', async () => {
    const { page } = window;
    await showView(page, 'settings');
    const section = page.locator('section[aria-labelledby="settings-push-title"]');
    await section.getByRole('heading', { name: zh.section }).waitFor();
    for (const scheme of [
      'mailtos://',
      'dingtalk://',
      'feishu://',
      'pushdeer://',
      'wxpusher://',
      'discord://',
      'onebot://',
    ])
      expect(zh.addUrlHint).toContain(scheme);
    await section.getByText(zh.addUrlHint).waitFor();

    const add = async (url: string, index: number, label: string) => {
      await page.fill('#push-add-url', url);
      expect(await page.getAttribute('#push-add-url', 'type')).toBe('password');
      await section.getByRole('button', { name: label, exact: true }).click();
      await section.locator(`[data-push-target="${index}"]`).waitFor();
      expect(await page.getAttribute(`#push-${index}-url`, 'type')).toBe('password');
    };

    const mail = `mailto://tray:smtp-secret-pw@127.0.0.1:${smtp.port}/fan@example.org?from=tray@example.com`;
    await add(mail, 0, zh.add);
    const mailRow = section.locator('[data-push-target="0"]');
    await mailRow.getByRole('button', { name: zh.test }).click();
    const sent = mailRow.getByRole('status').getByText(zh.sent);
    await sent.waitFor();
    // The answer names the target masked: the password never shows.
    expect(await sent.textContent()).toContain(
      `mailto://tray:***@127.0.0.1:${smtp.port}/fan@example.org`,
    );
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Recorder Tray 测试推送']);

    const ob = `onebot://ob-secret-token@127.0.0.1:${onebot.port}/group/654321`;
    await add(ob, 1, zh.add);
    const obRow = section.locator('[data-push-target="1"]');
    await obRow.getByRole('button', { name: zh.test }).click();
    await obRow.getByRole('status').getByText(zh.failures.botRemoved).waitFor();

    for (const [index, [url]] of offline.entries()) await add(url, index + 2, zh.add);
    const shown = await section.evaluate((el) => el.textContent ?? '');
    for (const [, secrets] of offline)
      for (const secret of secrets) expect(shown).not.toContain(secret);
    await section.locator('[data-push-target="2"]').getByRole('button', { name: zh.show }).click();
    expect(await page.getAttribute('#push-2-url', 'type')).toBe('text');
    expect(await page.inputValue('#push-2-url')).toBe(offline[0][0]);

    await page.selectOption('#language', 'en');
    await section.getByRole('heading', { name: en.section }).waitFor();
    await section.getByText(en.addUrlHint).waitFor();
    const deer = `pushdeer://127.0.0.1:${pushdeer.port}/PDU1Tsecretkey`;
    const last = offline.length + 2;
    await add(deer, last, en.add);
    const deerRow = section.locator(`[data-push-target="${last}"]`);
    await deerRow.getByRole('button', { name: en.test }).click();
    const deerSent = deerRow.getByRole('status').getByText(en.sent);
    await deerSent.waitFor();
    expect(await deerSent.textContent()).not.toContain('PDU1Tsecretkey');
    expect(pushdeer.received[0]!.body).toMatchObject({ text: 'Recorder Tray test push' });
    await obRow.getByRole('button', { name: en.test }).click();
    await obRow.getByRole('status').getByText(en.failures.botRemoved).waitFor();
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  }, 60_000); // every new service in two languages: past 20 s at a load of 15
});
