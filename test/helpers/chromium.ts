import { chromium, type Browser, type Page } from 'playwright-core';
import { requireFile } from './require-tool';

/** Debian's Chromium, installed here and by .ci/run; CHROMIUM_PATH (when not empty) overrides it. */
// `||`, not `??`: a workflow's `CHROMIUM_PATH: ${{ matrix.chromium }}` sets it to '' when unset.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Starts headless Chromium with nothing running in the background (no updates, no sync). */
export function launchChromium(): Promise<Browser> {
  const executablePath = requireFile(
    CHROMIUM_PATH,
    'Chromium',
    'apt: chromium; elsewhere set CHROMIUM_PATH to a Chrome or Chromium',
  );
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What a page did that it must not: dialogs (an injected `alert`), page errors, CSP violations. */
export interface PageWatch {
  dialogs: string[];
  errors: string[];
  cspViolations: string[];
}

/**
 * Records dialogs (dismissed at once), uncaught errors and Content-Security-Policy violations
 * of a page, so a test can assert that none happened.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const watch: PageWatch = { dialogs: [], errors: [], cspViolations: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      watch.cspViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return watch;
}
