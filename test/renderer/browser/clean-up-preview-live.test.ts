import { mkdir, mkdtemp, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLEAN_UP_STRINGS } from '../../../shared/i18n/window/clean-up';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView } from '../../helpers/window-page';
import { saveSettingsForm, settingsSection } from './settings-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const c = CLEAN_UP_STRINGS['zh-CN'];
const DAY = 86_400_000;

let browser: Browser;
let session: PreviewSession;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'clean-up-preview-root-'));
  await mkdir(join(root, '21452505'), { recursive: true });
  // Two recordings of two months ago and one of today, with real sizes and modification times.
  const files: [string, number, number][] = [
    ['21452505/录制-21452505-20260927-200000-【歌回】.flv', 300_000, 61],
    ['21452505/录制-21452505-20261001-200000-【歌回】.flv', 200_000, 57],
    ['21452505/录制-21452505-20261127-200000-今天.flv', 100_000, 0],
  ];
  for (const [path, size, daysAgo] of files) {
    await writeFile(join(root, path), Buffer.alloc(size));
    const when = new Date(Date.now() - daysAgo * DAY);
    await utimes(join(root, path), when, when);
  }
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 1, live: 0, args: ['--recording-root', root] }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

it('previews in the real app what a clean-up rule would remove, oldest first; saved without the dry run, removes just those and lists them', async () => {
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 420, height: 800 });
  page.setDefaultTimeout(15_000);
  await showView(page, 'settings');
  const cleanUp = settingsSection(page, 'settings-clean-up');
  await cleanUp.getByRole('button', { name: c.addRule }).click();
  await page.fill('#clean-up-0-days', '30');
  await page.selectOption('#clean-up-0-then', 'delete');
  await cleanUp.getByRole('button', { name: c.preview }).click();
  const files = cleanUp.locator('.preview-files > li');
  await files.first().waitFor();
  expect(
    await files.evaluateAll((items) => items.map((li) => li.getAttribute('data-file'))),
  ).toEqual([
    '21452505/录制-21452505-20260927-200000-【歌回】.flv',
    '21452505/录制-21452505-20261001-200000-【歌回】.flv',
  ]);
  expect(await cleanUp.locator('[data-preview]').textContent()).toContain(
    c.previewTotal(2, '500 KB'),
  );
  // A preview removes nothing.
  expect((await stat(join(root, '21452505/录制-21452505-20260927-200000-【歌回】.flv'))).size).toBe(
    300_000,
  );

  // Saved on and without the dry run, the clean-up runs: the two go, today's stays, and the
  // section lists what went.
  await page.check('#clean-up-enabled');
  await page.uncheck('#clean-up-dry-run');
  await saveSettingsForm(page);
  const gone = (path: string) =>
    stat(join(root, path)).then(
      () => false,
      () => true,
    );
  await expect
    .poll(() => gone('21452505/录制-21452505-20260927-200000-【歌回】.flv'), { timeout: 20_000 })
    .toBe(true);
  await expect.poll(() => gone('21452505/录制-21452505-20261001-200000-【歌回】.flv')).toBe(true);
  expect(await gone('21452505/录制-21452505-20261127-200000-今天.flv')).toBe(false);
  await cleanUp.locator('.clean-up-removals > summary').click();
  const removed = cleanUp.locator('[data-removal]');
  await expect.poll(() => removed.count(), { timeout: 10_000 }).toBe(2);
  expect(await cleanUp.locator('.clean-up-removals').textContent()).toContain(c.removedHow.delete);
  expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
}, 60_000);
