import type { Page } from 'playwright-core';

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
