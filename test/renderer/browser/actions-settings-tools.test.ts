import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTools } from '../../../main/features/jobs/adapters/find-program';
import { ACTIONS_STRINGS } from '../../../shared/i18n/window/actions';
import { memoryContract } from '../../fakes/memory-contract';
import { launchChromium } from '../../helpers/chromium';
import { startMemoryPreview } from '../../helpers/memory-preview';
import { openWindow, showView } from '../../helpers/window-page';
import { settingsSection } from './settings-page';

// Settings → Actions against this machine's real ffmpeg and rclone (the actions-tools set: the
// workflows install them on every OS); the rest of the view is actions-settings.test.ts.
const zh = ACTIONS_STRINGS['zh-CN'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('Settings → Actions with the real tools', () => {
  it('checks the real tools of this machine: ffmpeg and rclone found with their version, a wrong path and DanmakuFactory not', async () => {
    const real = memoryContract({ tools: (tools) => checkTools(tools) });
    const served = await startMemoryPreview(real);
    try {
      const { page, watch } = await openWindow(browser, served.uiUrl, { width: 420, height: 800 });
      page.setDefaultTimeout(15_000);
      await showView(page, 'settings');
      const actions = settingsSection(page, 'settings-actions');
      await page.fill('#actions-tool-danmakuFactory', '/nonexistent/DanmakuFactory');
      await actions.getByRole('button', { name: zh.checkTools }).click();
      // What `ffmpeg -version` and `rclone version` print first, as the window shows it.
      await actions
        .locator('[data-tool="ffmpeg"] .tool-found', { hasText: /ffmpeg version \S+/ })
        .waitFor();
      await actions
        .locator('[data-tool="rclone"] .tool-found', { hasText: /rclone v\d/ })
        .waitFor();
      const missing = actions.locator('[data-tool="danmakuFactory"]');
      expect(await missing.locator('.tool-missing').textContent()).toBe(zh.notFound);
      expect(await missing.textContent()).toContain('/nonexistent/DanmakuFactory');
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    } finally {
      await served.close();
    }
  });
});
