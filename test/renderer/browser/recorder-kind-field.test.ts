import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: the window is in Chinese.
const zh = WINDOW_STRINGS['zh-CN'];

let session: PreviewSession;
let browser: Browser;
let window: WindowPage;

beforeAll(async () => {
  [session, browser] = await Promise.all([startPreviewSession({ rooms: 1 }), launchChromium()]);
  window = await openWindow(browser, session.uiUrl, { width: 800, height: 800 });
  window.page.setDefaultTimeout(8000);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

describe('Settings → Recorders: the recorder program (browser preview)', () => {
  it("picks blrec: blrec's own words for where the URL goes, no Connect, saved", async () => {
    const { page } = window;
    await showView(page, 'settings');
    const card = page.locator('section.recorder-card').first();
    expect(await page.inputValue('#recorder-0-kind')).toBe('bililive-recorder');
    await card.getByText(zh.recorderKinds.pasteWhere['bililive-recorder']).waitFor();

    await page.selectOption('#recorder-0-kind', 'blrec');
    await card.getByText(zh.recorderKinds.pasteWhere.blrec).waitFor();
    expect(
      await card.getByRole('button', { name: zh.recorders.connect, exact: true }).count(),
    ).toBe(0);
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('.save-bar', { hasText: zh.settings.saved }).waitFor();
    const stored = JSON.parse(await readFile(join(session.dataDir, 'settings.json'), 'utf8'));
    expect(stored.recorders[0].kind).toBe('blrec');
  });
});
