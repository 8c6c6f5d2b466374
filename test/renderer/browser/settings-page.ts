import { stat } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';

/** Opens Settings → Advanced if it is closed (a click on an open one would close it). */
export async function openAdvanced(page: Page): Promise<void> {
  const details = page.locator('details.advanced');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await page.locator('.advanced > summary').click();
  await page.locator('details.advanced[open]').waitFor();
}

/** Opens the disclosure of the recorder at `index` in Settings → Recorders (polling, mappings). */
export async function openRecorderMore(page: Page, index: number): Promise<void> {
  const details = page.locator('details.recorder-more').nth(index);
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await details.locator('summary').click();
  await page.locator(`#recorder-${index}-poll`).waitFor();
}

/** A section of the settings view, by its id (`settings-jobs`). */
export function settingsSection(page: Page, id: string): Locator {
  return page.locator(`section[aria-labelledby="${id}-title"]`);
}

/** Presses the save bar's Save, named in `language`. */
export async function saveSettingsForm(
  page: Page,
  language: 'zh-CN' | 'en' = 'zh-CN',
): Promise<void> {
  const name = WINDOW_STRINGS[language].settings.save;
  await page.locator('.save-bar').getByRole('button', { name, exact: true }).click();
}

/**
 * A screenshot of one part of the window into `file`, the window made tall enough that the part
 * is not cut by the settings' own scroller; the window's size is put back after.
 */
export async function shootPart(target: Locator, file: string): Promise<void> {
  const page = target.page();
  const before = page.viewportSize();
  await page.setViewportSize({ width: 700, height: 3000 });
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await target.screenshot({ path: file });
  expect((await stat(file)).size).toBeGreaterThan(5_000);
  if (before) await page.setViewportSize(before);
}

/** Inputs, selects and text boxes that no label names. */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')]
      .filter((e) => (e.labels?.length ?? 0) === 0 && !e.getAttribute('aria-label'))
      .map((e) => e.id || e.outerHTML.slice(0, 80)),
  );
}
