import type { Page } from 'playwright-core';

/** Opens Settings → Advanced if it is closed (a click on an open one would close it). */
export async function openAdvanced(page: Page): Promise<void> {
  const details = page.locator('details.advanced');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await page.locator('.advanced > summary').click();
  await page.locator('details.advanced[open]').waitFor();
}
