import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import { UiBridgeServer } from '../../main/adapters/ui-bridge-server';
import type { MemoryContract } from '../fakes/memory-contract';
import { memoryLogger } from '../fakes/silent-logger';
import { launchChromium } from './chromium';
import { RENDERER_INDEX } from './renderer-build';

/** The built window served over the real browser bridge, with a memory contract behind it. */
export interface MemoryPreview {
  /** The page's URL with its token. */
  uiUrl: string;
  close(): Promise<void>;
}

/**
 * Serves dist/renderer (built by the test run's global setup) through `UiBridgeServer` on
 * loopback, answering the contract from `contract`: the window as it runs in the browser preview,
 * with main's side set to what a test needs (a failed job, tools found or not).
 */
export async function startMemoryPreview(contract: MemoryContract): Promise<MemoryPreview> {
  const server = new UiBridgeServer({
    handlers: contract.handlers,
    subscribe: contract.subscribe,
    token: randomBytes(12).toString('hex'),
    rendererDir: dirname(RENDERER_INDEX),
    log: memoryLogger(),
  });
  const { url } = await server.start(0);
  return { uiUrl: url, close: () => server.close() };
}

/** The memory preview and a Chromium to open it in; `close` ends both. */
export interface PreviewInChromium {
  preview: MemoryPreview;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts the memory preview of `contract` and Chromium side by side, and makes `outDir` (the
 * screenshots' folder): what each browser test of one view needs before its first page.
 */
export async function previewInChromium(
  contract: MemoryContract,
  outDir: string,
): Promise<PreviewInChromium> {
  const [preview, browser] = await Promise.all([
    startMemoryPreview(contract),
    launchChromium(),
    mkdir(outDir, { recursive: true }),
  ]);
  return {
    preview,
    browser,
    async close() {
      await browser.close();
      await preview.close();
    },
  };
}
