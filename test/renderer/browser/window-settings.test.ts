import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS, WINDOW_VIEWS, type WindowView } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import { postWebhook } from '../../helpers/http';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { liveSession } from '../../helpers/recorder-events';
import { openAdvanced, openRecorderMore } from './settings-page';
import { openWindow, showView, uiText, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const zh = WINDOW_STRINGS['zh-CN'];
const en = WINDOW_STRINGS.en;

let browser: Browser;
let first: PreviewSession;
let restarted: PreviewSession | undefined;

beforeAll(async () => {
  [first, browser] = await Promise.all([
    startPreviewSession({ rooms: 4, live: 2 }),
    launchChromium(),
  ]);
  for (const event of liveSession({ roomId: 66601, name: '设置测试主播', title: '标题' }, 2)) {
    await postWebhook(first.webhookUrl, JSON.stringify(event));
  }
});

afterAll(async () => {
  await browser?.close();
  await restarted?.close();
  await first?.close();
});

const SAMPLE = 97531;

/** Every fixed piece of a language's strings: plain strings, and the text around a function's arguments. */
function fixedTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => string;
    const output = fn(...Array.from({ length: Math.max(1, fn.length) }, () => SAMPLE));
    return output
      .split(String(SAMPLE))
      .map((part) => part.trim())
      .filter((part) => part.length >= 2 && /[\p{L}]/u.test(part));
  }
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(fixedTexts);
  return [];
}

/** Strings of `language` that must not be on screen in `other`: those that differ and are not part of an `other` string. */
function foreignTexts(language: unknown, other: unknown): string[] {
  const own = new Set(fixedTexts(language));
  const theirs = fixedTexts(other);
  return [...own].filter((text) => !theirs.some((t) => t.includes(text)));
}

async function textsOfEveryView(page: Page): Promise<Record<WindowView, string>> {
  const texts = {} as Record<WindowView, string>;
  for (const view of WINDOW_VIEWS) {
    await showView(page, view);
    // Lists load after the tab switch; wait for them (or their empty message).
    await page.waitForSelector('.vlist, .items, .empty, .settings-form');
    if (view === 'settings') {
      // The webhook log and the advanced fields are part of Settings now: show their strings too.
      await openAdvanced(page);
      await openRecorderMore(page, 0);
      await page.locator('.event summary').first().click();
    }
    texts[view] = await uiText(page);
  }
  return texts;
}

describe('the window in both languages', () => {
  let window: WindowPage;
  beforeAll(async () => {
    window = await openWindow(browser, first.uiUrl, { width: 900, height: 700 });
  });

  it('switches every visible string live when the language setting changes', async () => {
    const { page } = window;
    // Show as many strings as there are: a muted room and a pause.
    await showView(page, 'rooms');
    await page.locator('.room').first().getByRole('button', { name: zh.lists.dontNotify }).click();
    await page
      .locator('.room')
      .first()
      .getByRole('button', { name: zh.lists.muteFor.always })
      .click();
    await page
      .locator('.room')
      .first()
      .locator('.pill', { hasText: zh.lists.dontNotify })
      .waitFor();
    await showView(page, 'settings');
    await page.getByRole('button', { name: zh.settings.pauseHour }).click();
    await page.locator('.header .chip-warn').waitFor();

    const chinese = await textsOfEveryView(page);
    await showView(page, 'settings');
    await page.selectOption('#language', 'en');
    await page.locator('#tab-rooms', { hasText: en.tabs.rooms }).waitFor();
    const english = await textsOfEveryView(page);
    await showView(page, 'settings');
    await page.selectOption('#language', 'system');
    await page.locator('#tab-rooms', { hasText: zh.tabs.rooms }).waitFor();
    const chineseAgain = await textsOfEveryView(page);

    const englishOnly = foreignTexts(en, zh);
    const chineseOnly = foreignTexts(zh, en);
    expect(englishOnly.length).toBeGreaterThan(100);
    expect(chineseOnly.length).toBeGreaterThan(100);
    for (const view of WINDOW_VIEWS) {
      expect(chinese[view]).toContain(zh.tabs[view]);
      expect(english[view]).toContain(en.tabs[view]);
      expect({ view, left: englishOnly.filter((t) => chinese[view].includes(t)) }).toEqual({
        view,
        left: [],
      });
      expect({ view, left: chineseOnly.filter((t) => english[view].includes(t)) }).toEqual({
        view,
        left: [],
      });
      expect({ view, left: englishOnly.filter((t) => chineseAgain[view].includes(t)) }).toEqual({
        view,
        left: [],
      });
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(window.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });

  it('shows every invalid value next to its field in one pass, focuses the first, saves nothing', async () => {
    const { page } = window;
    await showView(page, 'settings');
    await openRecorderMore(page, 0);
    await page.fill('#recorder-0-poll', 'abc');
    await page.fill('#group-window', '99');
    await page.getByRole('button', { name: zh.settings.addMapping }).click();
    await page.fill('#recorder-0-mapping-from-0', '/rec');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    // Not a number, out of range and half a mapping: all marked at once.
    await page.locator('#group-window-errors').waitFor();
    expect(await page.textContent('#recorder-0-poll-errors')).toBe(zh.settings.notANumber);
    expect(await page.getAttribute('#recorder-0-poll', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#group-window-errors')).toMatch(/30/);
    expect(await page.locator('#recorder-0-mapping-to-0-errors').count()).toBe(1);
    expect(await page.locator('.save-bar').textContent()).toContain(zh.settings.invalid);
    const focused = await page.evaluate(() => document.activeElement?.id);
    const firstInvalid = await page.evaluate(
      () => document.querySelector('.settings-form [aria-invalid="true"]')?.id,
    );
    expect(focused).toBe(firstInvalid);

    await page.getByRole('button', { name: zh.settings.discard }).click();
    // The --port 0 flag fixes the port: shown locked, not editable.
    expect(await page.inputValue('#listener-port')).toBe('0');
    expect(await page.getAttribute('#listener-port', 'readonly')).not.toBeNull();
    expect(await page.textContent('#listener-port-hint')).toContain(zh.setup.lockedHint);
    expect(await page.locator('#recorder-0-mapping-from-0').count()).toBe(0);
    // The --recorder-url flag fixes the first recorder's address: locked too.
    expect(await page.getAttribute('#recorder-0-url', 'readonly')).not.toBeNull();
    const stored = JSON.parse(
      await readFile(join(first.dataDir, 'settings.json'), 'utf8').catch(() => '{}'),
    );
    expect(stored.recorders?.[0]?.pathMappings ?? []).toEqual([]);
  });
});

describe('the recorder and listener settings', () => {
  it('check the recorder connection and explain the answer in plain words', async () => {
    const { page } = await openWindow(browser, first.uiUrl, { width: 800, height: 700 });
    await showView(page, 'settings');
    // Coloured by the state main reports, before any check.
    await page.locator('.connection.connection-ok').waitFor();
    await page.getByRole('button', { name: zh.settings.check }).click();
    await page.locator('.connection.connection-ok', { hasText: '已连接到录播姬（版本' }).waitFor();
    await page.close();
  });

  it('copy the webhook URL to the clipboard and say where it goes', async () => {
    const { page } = await openWindow(browser, first.uiUrl, { width: 800, height: 700 });
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: first.uiOrigin });
    await showView(page, 'settings');
    expect(await page.inputValue('#webhook-url')).toBe(first.webhookUrl);
    await page.getByText(zh.settings.pasteWhere, { exact: true }).waitFor();
    await page.getByRole('button', { name: zh.settings.copy, exact: true }).click();
    await page.getByText(zh.settings.copied, { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.webhookUrl);
    await page.close();
  });
});

describe('settings through the window', () => {
  it('round-trip through the core and survive a restart of headless mode', async () => {
    const window = await openWindow(browser, first.uiUrl, { width: 800, height: 700 });
    const { page } = window;
    await showView(page, 'settings');
    await openRecorderMore(page, 0);
    await page.fill('#recorder-0-poll', '7');
    await page.fill('#recorder-0-rooms', '23058, 3');
    await page.getByRole('button', { name: zh.settings.addMapping }).click();
    await page.fill('#recorder-0-mapping-from-0', '/rec');
    await page.fill('#recorder-0-mapping-to-0', '/mnt/录播');
    await page.uncheck('#notify-StreamStarted');
    await page.check('#notify-SessionStarted');
    await page.fill('#group-window', '3');
    await openAdvanced(page);
    await page.fill('#listener-token', 'tok123');
    await page.check('#start-at-login');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('.save-bar', { hasText: zh.settings.saved }).waitFor();
    // The listener moved to the token's path, and the state push shows the new URL.
    await expect.poll(() => page.inputValue('#webhook-url')).toMatch(/\/webhook\/tok123$/);

    const stored = JSON.parse(await readFile(join(first.dataDir, 'settings.json'), 'utf8'));
    expect(stored).toMatchObject({
      recorders: [
        {
          id: 'default',
          pollIntervalSeconds: 7,
          rooms: [23058, 3],
          pathMappings: [{ from: '/rec', to: '/mnt/录播' }],
        },
      ],
      listener: { token: 'tok123' },
      notifications: {
        events: { StreamStarted: false, SessionStarted: true },
        groupWindowSeconds: 3,
      },
      startAtLogin: true,
    });
    // Only what changed was written: the --port 0 and --recorder-url flags stay flags.
    expect(stored.listener.port).not.toBe(0);
    expect(stored.recorders[0].url).not.toBe(first.recorder.url);
    await page.close();

    await first.stopHeadless();
    restarted = await startPreviewSession({ dataDir: first.dataDir, recorder: first.recorder });
    const again = await openWindow(browser, restarted.uiUrl, { width: 800, height: 700 });
    await showView(again.page, 'settings');
    const p = again.page;
    expect(await p.inputValue('#recorder-0-poll')).toBe('7');
    expect(await p.inputValue('#recorder-0-rooms')).toBe('23058 3');
    expect(await p.inputValue('#recorder-0-mapping-from-0')).toBe('/rec');
    expect(await p.inputValue('#recorder-0-mapping-to-0')).toBe('/mnt/录播');
    expect(await p.isChecked('#notify-StreamStarted')).toBe(false);
    expect(await p.isChecked('#notify-SessionStarted')).toBe(true);
    expect(await p.inputValue('#group-window')).toBe('3');
    expect(await p.inputValue('#listener-token')).toBe('tok123');
    expect(await p.isChecked('#start-at-login')).toBe(true);
    expect(await p.inputValue('#webhook-url')).toMatch(/\/webhook\/tok123$/);
    expect(again.watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
  });
});
