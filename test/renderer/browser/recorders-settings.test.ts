import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { DEFAULT_RECORDER_URL } from '../../../shared/settings';
import { startFakeRecorder, type FakeRecorder } from '../../fakes/fake-recorder/index';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import {
  callContract,
  openWindow,
  setLanguage,
  showView,
  type WindowPage,
} from '../../helpers/window-page';
import { openRecorderMore } from './settings-page';

// The headless child runs with LANG=zh_CN: the window starts in Chinese; the last test switches
// to English through the contract.
const zh = WINDOW_STRINGS['zh-CN'];
const en = WINDOW_STRINGS.en;

let session: PreviewSession;
let second: FakeRecorder;
let browser: Browser;
let window: WindowPage;

beforeAll(async () => {
  [session, second, browser] = await Promise.all([
    startPreviewSession({ rooms: 2 }),
    startFakeRecorder({ rooms: 1 }),
    launchChromium(),
  ]);
  window = await openWindow(browser, session.uiUrl, { width: 800, height: 800 });
  window.page.setDefaultTimeout(8000); // a missing element fails with its locator, not the test's time-out
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await second?.close();
});

function card(page: Page, index: number): Locator {
  return page.locator('section.recorder-card').nth(index);
}

async function stored(): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(session.dataDir, 'settings.json'), 'utf8'));
}

/** The webhook URL the app gives the recorder with this id (from the state). */
async function webhookUrlOf(page: Page, id: string): Promise<string> {
  const state = await callContract(page, 'state:get', {});
  return state.recorders.find((r: { id: string }) => r.id === id).webhookUrl;
}

describe('Settings → Recorders (browser preview, two fake recorders)', () => {
  it('zh-CN: one recorder cannot be removed, and says why', async () => {
    const { page } = window;
    await showView(page, 'settings');
    expect(await page.locator('section.recorder-card').count()).toBe(1);
    await card(page, 0).getByText(zh.recorders.lastCannotGo).waitFor();
    expect(await card(page, 0).getByRole('button', { name: zh.recorders.remove }).count()).toBe(0);
    // Its own webhook URL, the first recorder's plain one, with its own Copy button.
    expect(await page.inputValue('#recorder-0-webhook-url')).toBe(session.webhookUrl);
  });

  it('zh-CN: adds a recorder, checks its address, then connects it in one click', async () => {
    const { page } = window;
    await page.getByRole('button', { name: zh.recorders.add }).click();
    await page.fill('#add-recorder-name', 'NAS');
    // Typed without a scheme: the form adds http://.
    await page.fill('#add-recorder-url', second.url.replace('http://', ''));
    await page.getByRole('button', { name: zh.recorders.addSubmit }).click();

    const nas = card(page, 1);
    await nas.locator('#recorder-1-title', { hasText: 'NAS' }).waitFor();
    // The check ran after the save: the recorder answered, and its webhooks do not point here yet.
    await nas.locator('.connection.connection-ok', { hasText: '已连接到录播姬（版本' }).waitFor();
    await nas
      .locator('.recorder-webhooks', { hasText: zh.recorders.webhooks['not set'] })
      .waitFor();
    expect(
      (await stored()).recorders.map((r: { name: string; url: string }) => [r.name, r.url]),
    ).toEqual([
      // The first keeps its stored address: the --recorder-url flag is not written to the file.
      ['', DEFAULT_RECORDER_URL],
      ['NAS', second.url],
    ]);
    const url = await webhookUrlOf(page, 'recorder-2');
    expect(await page.inputValue('#recorder-1-webhook-url')).toBe(url);
    expect(url).toMatch(/\/webhook\/recorder-2$/);

    await nas.getByRole('button', { name: zh.recorders.connect, exact: true }).click();
    await nas
      .getByText(`已连接：录播姬现在会把 Webhook V2 发送到 ${url}`, { exact: false })
      .waitFor();
    await nas.locator('.recorder-webhooks', { hasText: zh.recorders.webhooks.set }).waitFor();
    expect(second.state.globalConfig.webhookUrlsV2()).toEqual([url]);
    // Twice: nothing changes, and it says so.
    await nas.getByRole('button', { name: zh.recorders.connect, exact: true }).click();
    await nas.getByText(`录播姬已经在向 ${url} 发送 Webhook V2，无需更改。`).waitFor();
    expect(second.state.globalConfig.webhookUrlsV2()).toEqual([url]);
    // The recorder now sends its webhooks there, and the app takes them as the NAS's.
    await second.setLive(second.state.rooms[0]!.roomId, true);
    await expect
      .poll(async () => (await callContract(page, 'state:get', {})).recorders[1].lastWebhookAt)
      .toBeGreaterThan(0);
  });

  it('zh-CN: shows every error next to its field on the recorder’s card, the first focused', async () => {
    const { page } = window;
    await page.fill('#recorder-1-url', 'ftp://nas');
    await openRecorderMore(page, 1);
    await page.fill('#recorder-1-poll', 'abc');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('#recorder-1-poll-errors').waitFor();
    expect(await page.textContent('#recorder-1-poll-errors')).toBe(zh.settings.notANumber);
    expect(await page.locator('#recorder-1-url-errors').count()).toBe(1);
    expect(await page.getAttribute('#recorder-1-url', 'aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('recorder-1-url');
    // Nothing was saved; the edits survive a tab switch, and Discard drops them.
    expect((await stored()).recorders[1].url).toBe(second.url);
    await showView(page, 'rooms');
    await showView(page, 'settings');
    expect(await page.inputValue('#recorder-1-url')).toBe('ftp://nas');
    await page.getByRole('button', { name: zh.settings.discard }).click();
    expect(await page.inputValue('#recorder-1-url')).toBe(second.url);
  });

  it('zh-CN: renames a recorder, and the flags still lock the first one’s address', async () => {
    const { page } = window;
    await page.fill('#recorder-1-name', '阁楼 NAS');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('.save-bar', { hasText: zh.settings.saved }).waitFor();
    await card(page, 1).locator('#recorder-1-title', { hasText: '阁楼 NAS' }).waitFor();
    const recorders = (await stored()).recorders;
    expect(recorders[1].name).toBe('阁楼 NAS');
    // --recorder-url is a flag: shown locked, never written to the file.
    expect(await page.getAttribute('#recorder-0-url', 'readonly')).not.toBeNull();
    expect(recorders[0].url).not.toBe(session.recorder.url);
  });

  it('zh-CN: remove asks first and says the history stays; Cancel keeps it', async () => {
    const { page } = window;
    const nas = card(page, 1);
    await nas.getByRole('button', { name: zh.recorders.remove }).click();
    await nas.getByText(zh.recorders.confirmRemove('阁楼 NAS')).waitFor();
    // The question has the focus on its safe answer.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      zh.recorders.cancel,
    );
    await nas.getByRole('button', { name: zh.recorders.cancel }).click();
    expect((await stored()).recorders).toHaveLength(2);
    await nas.getByRole('button', { name: zh.recorders.remove }).click();
    await nas.getByRole('button', { name: zh.recorders.yesRemove }).click();
    await expect.poll(() => page.locator('section.recorder-card').count()).toBe(1);
    await expect
      .poll(async () => (await stored()).recorders.map((r: { id: string }) => r.id))
      .toEqual(['default']);
    await card(page, 0).getByText(zh.recorders.lastCannotGo).waitFor();
  });

  it('en: adds a webhooks-only recorder (its URL to paste, webhooks unknown) and removes it', async () => {
    const { page } = window;
    await setLanguage(page, 'en');
    await page.getByRole('heading', { name: en.recorders.section, exact: true }).waitFor();
    await page.getByRole('button', { name: en.recorders.add }).click();
    await page.fill('#add-recorder-name', 'Desktop');
    await page.check('#add-recorder-webhooks-only');
    await page.getByRole('button', { name: en.recorders.addSubmit }).click();
    const desktop = card(page, 1);
    await desktop.locator('#recorder-1-title', { hasText: 'Desktop' }).waitFor();
    await desktop
      .locator('.recorder-webhooks', { hasText: en.recorders.webhooks.unknown })
      .waitFor();
    expect(await page.isChecked('#recorder-1-webhooks-only')).toBe(true);
    expect(await desktop.getByRole('button', { name: en.recorders.connect }).count()).toBe(0);
    expect(await page.inputValue('#recorder-1-webhook-url')).toBe(
      await webhookUrlOf(page, 'recorder-2'),
    );
    await desktop
      .getByRole('button', { name: en.recorders.copyFor('Desktop'), exact: true })
      .waitFor();

    await desktop.getByRole('button', { name: en.recorders.remove }).click();
    await desktop.getByText(en.recorders.confirmRemove('Desktop')).waitFor();
    await desktop.getByRole('button', { name: en.recorders.yesRemove }).click();
    await expect.poll(() => page.locator('section.recorder-card').count()).toBe(1);
    await card(page, 0).getByText(en.recorders.lastCannotGo).waitFor();
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });
});
