import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseName } from '../../../shared/format';
import type { HistoryFile } from '../../../shared/history';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { memoryContract } from '../../fakes/memory-contract';
import { launchChromium } from '../../helpers/chromium';
import { postWebhook } from '../../helpers/http';
import { startMemoryPreview } from '../../helpers/memory-preview';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { relativePathFor, ts, v2 } from '../../helpers/recorder-events';
import { openWindow, showView } from '../../helpers/window-page';

// The memory contract's window and the headless child (LANG=zh_CN) both speak Chinese.
const zh = WINDOW_STRINGS['zh-CN'].files;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the Files list follows files:changed', () => {
  it('shows a file main lists while the view is open, with no state push or notification', async () => {
    const contract = memoryContract();
    const preview = await startMemoryPreview(contract);
    try {
      const { page, watch } = await openWindow(browser, preview.uiUrl);
      page.setDefaultTimeout(10_000); // fails on its own words, inside the test's time
      await showView(page, 'files');
      await page.getByText(zh.empty).waitFor();

      // What the app sends for a finished file whose kind pops nothing up: the cue alone.
      const file: HistoryFile = {
        roomId: 23058,
        name: '3号直播间',
        title: '哔哩哔哩音悦台',
        relativePath: '23058-3号直播间/录制-23058-20261127-203703-677-哔哩哔哩音悦台.flv',
        finished: true,
        finishedAt: Date.now(),
      };
      contract.listFile(file);
      await page.locator('.file', { hasText: baseName(file.relativePath) }).waitFor();
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    } finally {
      await preview.close();
    }
  });

  describe('in the real app (headless mode), file popups switched off', () => {
    let session: PreviewSession;
    beforeAll(async () => {
      const root = await mkdtemp(join(tmpdir(), 'files-live-'));
      const config = join(root, 'config.json');
      await writeFile(config, JSON.stringify({ notifications: { events: { FileClosed: false } } }));
      session = await startPreviewSession({ rooms: 1, args: ['--config', config] });
    }, 60_000);

    afterAll(async () => {
      await session?.close();
    });

    it('the cue crosses the browser bridge after the commit and the row appears', async () => {
      const { page, watch } = await openWindow(browser, session.uiUrl);
      await showView(page, 'files');
      await page.getByText(zh.empty).waitFor();
      // A second stream of the bridge's events, beside the window's own: what main sent, in order.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const seen: { event: string; data: unknown }[] = [];
            Object.assign(globalThis, { seen });
            const stream = new EventSource('api/events', { withCredentials: true });
            stream.addEventListener('files:changed', (message) =>
              seen.push({ event: 'files:changed', data: JSON.parse(message.data) }),
            );
            stream.addEventListener('open', () => resolve(), { once: true });
          }),
      );

      const room = { roomId: 55601, name: '文件提示主播', title: '只有文件' };
      const path = relativePathFor(room, 2);
      const body = v2('FileClosed', room, 2, {
        SessionId: '5f0c9a8e-1b7d-4f0e-9d6a-2c1e3b4a5d61',
        RelativePath: path,
        FileSize: 2_000_000,
        Duration: 30,
        FileOpenTime: ts(-28),
        FileCloseTime: ts(2),
      });
      expect((await postWebhook(session.webhookUrl, JSON.stringify(body))).status).toBe(204);

      await page.locator('.file', { hasText: baseName(path) }).waitFor();
      await page.waitForFunction(() => (globalThis as { seen?: unknown[] }).seen?.length === 1);
      const seen = await page.evaluate(() => (globalThis as { seen?: unknown[] }).seen);
      expect(seen).toEqual([
        { event: 'files:changed', data: expect.objectContaining({ relativePath: path }) },
      ]);
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    });
  });
});
