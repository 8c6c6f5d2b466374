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
  it("picks blrec: blrec's own words for where the URL goes, its API key's own field, no Connect, saved", async () => {
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
    // blrec's API key, one masked field in place of Basic auth's user name and password.
    const key = card.getByLabel(zh.recorderKinds.apiKey, { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    await card.getByText(zh.recorderKinds.apiKeyHint).waitFor();
    expect(await page.locator('#recorder-0-user').count()).toBe(0);
    await key.fill('blrec-key-1');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('.save-bar', { hasText: zh.settings.saved }).waitFor();
    const stored = JSON.parse(await readFile(join(session.dataDir, 'settings.json'), 'utf8'));
    expect(stored.recorders[0].kind).toBe('blrec');
    // Kept where the WebSocket and the task commands read it (the recorder's password).
    expect(stored.recorders[0].password).toBe('blrec-key-1');
    // The key is not in the log (the headless child's lines).
    const logged = [
      ...session.headless.lines.map((line) => JSON.stringify(line)),
      ...session.headless.stderr,
    ];
    expect(logged.join('\n')).not.toContain('blrec-key-1');

    // Back to BililiveRecorder: Basic auth's two fields again.
    await page.selectOption('#recorder-0-kind', 'bililive-recorder');
    await page.locator('#recorder-0-user').waitFor();
    expect(await card.getByLabel(zh.recorderKinds.apiKey, { exact: true }).count()).toBe(0);
  });
});
