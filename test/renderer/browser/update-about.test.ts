import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium, watchPage } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { showView } from '../../helpers/window-page';

// Settings → General: the update switch and mirror, and the About of a downloaded update. The
// preview is headless mode, which downloads nothing: the state it serves gets the `update` field
// the desktop app's updater sets (AppState.update), added on the way to the page.

const en = WINDOW_STRINGS.en;
let browser: Browser;
let session: PreviewSession;

beforeAll(async () => {
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 0, args: ['--lang', 'en'] }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

const NOTES = 'Fixed\n• Popups on Windows\n<script>alert("x")</script>';

async function openWithUpdate(
  update: Record<string, unknown> = { version: '0.2.0', notes: NOTES },
) {
  const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
  const watch = await watchPage(page);
  await page.route('**/api/call/state:get', async (route) => {
    const response = await route.fetch();
    const state = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...state, update },
    });
  });
  await page.goto(session.uiUrl);
  await page.waitForSelector('.shell');
  await showView(page, 'settings');
  return { page, watch };
}

describe('Settings → General: updates', () => {
  it('shows a downloaded update with its notes as text, never as markup', async () => {
    const { page, watch } = await openWithUpdate();
    const notes = page.locator('#update-notes');
    await notes.waitFor();
    expect(await notes.locator('.update-ready').textContent()).toBe(
      en.settings.updateReady('0.2.0'),
    );
    expect(await notes.textContent()).toContain(en.settings.updateRestartHint);
    expect(await notes.locator('.update-notes-text').innerText()).toBe(NOTES);
    expect(await notes.locator('script').count()).toBe(0);
    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('says how an update this build cannot apply is taken, and why the last install failed', async () => {
    const { page, watch } = await openWithUpdate({
      version: '0.2.0',
      notes: '',
      action: 'download',
      failed: 'code signature <b>not</b> valid',
    });
    const notes = page.locator('#update-notes');
    await notes.waitFor();
    expect(await notes.locator('.update-ready').textContent()).toBe(
      en.settings.updateAvailable('0.2.0'),
    );
    expect(await notes.textContent()).toContain(en.settings.updateDownloadHint);
    expect(await page.locator('#update-failed').textContent()).toBe(
      en.settings.updateFailed('code signature <b>not</b> valid'),
    );
    expect(await notes.locator('b').count()).toBe(0);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('shows the switch fixed by --no-update-check, and saves the mirror into settings.json', async () => {
    const { page } = await openWithUpdate();
    // The test helper starts headless mode with --no-update-check (tests reach no outside host).
    expect(await page.locator('#updates-check').isChecked()).toBe(false);
    expect(await page.locator('#updates-check').isDisabled()).toBe(true);
    await page.locator('#updates-feed-url').fill('https://mirror.example/recorder-tray/');
    await page.getByRole('button', { name: en.settings.save, exact: true }).click();
    await page.locator('.save-bar', { hasText: en.settings.saved }).waitFor();
    const stored = JSON.parse(await readFile(join(session.dataDir, 'settings.json'), 'utf8')) as {
      updates: unknown;
    };
    // The stored switch keeps its own value: a launch option wins without being written.
    expect(stored.updates).toEqual({
      check: true,
      feedUrl: 'https://mirror.example/recorder-tray/',
    });
    await page.close();
  });

  it('names a mirror that is not a URL', async () => {
    const { page } = await openWithUpdate();
    await page.locator('#updates-feed-url').fill('mirror.example');
    await page.getByRole('button', { name: en.settings.save, exact: true }).click();
    await page.locator('#updates-feed-url-errors').waitFor();
    expect(await page.locator('#updates-feed-url-errors').textContent()).toMatch(/http/);
    await page.close();
  });
});
