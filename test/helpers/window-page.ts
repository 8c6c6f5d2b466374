import type { Browser, Page } from 'playwright-core';
import { WINDOW_STRINGS, type WindowView } from '../../shared/i18n/window';
import type { Language } from '../../shared/settings';
import { watchPage, type PageWatch } from './chromium';

/** A page showing the browser preview of the window. */
export interface WindowPage {
  page: Page;
  watch: PageWatch;
}

/** Opens the preview at `uiUrl` (with its token) in a new page and waits for the window to render. */
export async function openWindow(
  browser: Browser,
  uiUrl: string,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<WindowPage> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 420, height: options.height ?? 600 },
  });
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
  const watch = await watchPage(page);
  await page.goto(uiUrl);
  await page.waitForSelector('.shell');
  return { page, watch };
}

/** Selects a view by its tab and waits until the tab says it is selected. */
export async function showView(page: Page, view: WindowView): Promise<void> {
  await page.click(`#tab-${view}`);
  await page.waitForSelector(`#tab-${view}[aria-selected="true"]`);
  await page.waitForSelector(`#panel-${view}`);
}

/**
 * The window's own words on screen: text, placeholders, labels and titles, without what came
 * from the network or the disk (elements marked `data-content`: names, titles, paths, bodies).
 */
export function uiText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const element of clone.querySelectorAll('[data-content]')) element.remove();
    const attributes: string[] = [];
    for (const element of clone.querySelectorAll('[placeholder], [aria-label], [title]')) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name);
        if (value) attributes.push(value);
      }
    }
    return [document.title, clone.textContent ?? '', ...attributes].join('\n');
  });
}

/** Calls the contract from the page through the preview's bridge, as the window does. */
export function callContract(page: Page, channel: string, request: unknown): Promise<any> {
  return page.evaluate(
    async ([name, payload]) => {
      const response = await fetch(`./api/call/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return response.json();
    },
    [channel, request] as const,
  );
}

/** Switches the app's language through the contract and waits for the window to follow. */
export async function setLanguage(page: Page, language: Language): Promise<void> {
  await callContract(page, 'settings:update', { language });
  await page.locator('#tab-rooms', { hasText: WINDOW_STRINGS[language].tabs.rooms }).waitFor();
}
