import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../../shared/format';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { CLEAN_UP_STRINGS } from '../../../shared/i18n/window/clean-up';
import { GO_LIVE_FILTER_STRINGS } from '../../../shared/i18n/window/go-live-filters';
import type { CleanUpPreview } from '../../../shared/clean-up';
import { makeNotification } from '../../fakes/history-records';
import { memoryContract, type MemoryContract } from '../../fakes/memory-contract';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import {
  previewInChromium,
  startMemoryPreview,
  type MemoryPreview,
  type PreviewInChromium,
} from '../../helpers/memory-preview';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { saveSettingsForm, settingsSection, shootPart, unlabelledControls } from './settings-page';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const czh = CLEAN_UP_STRINGS['zh-CN'];

const DAY = 86_400_000;
const PREVIEW: CleanUpPreview = {
  enabled: false,
  dryRun: true,
  rules: [
    {
      rule: 0,
      files: [
        {
          recorderId: 'default',
          relativePath: '21452505/录制-21452505-20261001-200000-【歌回】.flv',
          roomId: 21452505,
          bytes: 2.5 * 1024 ** 3,
          modifiedAt: Date.now() - 57 * DAY,
          reason: 'keepDays',
        },
        {
          recorderId: 'default',
          relativePath: '22625025/录制-22625025-20261010-010000-深夜电台.flv',
          roomId: 22625025,
          bytes: 1024 ** 3,
          modifiedAt: Date.now() - 48 * DAY,
          reason: 'keepDays',
        },
      ],
      bytes: 3.5 * 1024 ** 3,
    },
  ],
  bytes: 3.5 * 1024 ** 3,
  problems: [],
};

let browser: Browser;
let contract: MemoryContract;
let preview: MemoryPreview;
let opened: PreviewInChromium | undefined;

beforeAll(async () => {
  contract = memoryContract({
    settings: { recorders: [{ id: 'default', recordingRoot: '/rec' }] },
    preview: PREVIEW,
  });
  opened = await previewInChromium(contract, OUT);
  ({ preview, browser } = opened);
});

afterAll(() => opened?.close());

const calls = (channel: string) => contract.calls.filter((c) => c.channel === channel);

describe('Settings → Clean-up and the go-live filters in Chromium', () => {
  it(
    'previews what a clean-up would remove, saves its rule and the keep-awake switch, and filters go-lives',
    { timeout: 60_000 },
    async () => {
      await contract.handlers['settings:update']({ language: 'zh-CN' });
      const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 800 });
      // A step that cannot happen fails by itself, with what it waited for.
      page.setDefaultTimeout(8_000);
      await showView(page, 'settings');
      const cleanUp = settingsSection(page, 'settings-clean-up');
      await cleanUp.getByRole('heading', { name: czh.section }).waitFor();
      expect(await page.isChecked('#clean-up-dry-run')).toBe(true);
      expect(await page.isChecked('#keep-awake')).toBe(true);

      await cleanUp.getByRole('button', { name: czh.addRule }).click();
      await page.fill('#clean-up-0-days', '45');
      await cleanUp.getByRole('button', { name: czh.preview }).click();
      await cleanUp
        .locator('[data-preview]')
        .getByText(czh.previewTotal(2, formatBytes(PREVIEW.bytes)))
        .waitFor();
      expect(await cleanUp.locator('.preview-files > li').count()).toBe(2);
      expect(await cleanUp.locator('.preview-files').textContent()).toContain(
        '21452505/录制-21452505-20261001-200000-【歌回】.flv',
      );
      // The form as it is, before it is saved.
      expect(calls('cleanUp:preview').at(-1)?.request).toEqual({
        cleanUp: { enabled: false, dryRun: true, rules: [{ keepDays: 45, then: 'trash' }] },
      });
      await shootPart(cleanUp, join(OUT, 'settings-cleanup-700-zh-CN-light.png'));

      await page.check('#clean-up-enabled');
      await page.uncheck('#keep-awake');
      await saveSettingsForm(page);
      await expect
        .poll(() => contract.settings().cleanUp.rules)
        .toEqual([{ keepDays: 45, then: 'trash' }]);
      expect(contract.settings()).toMatchObject({
        keepAwake: false,
        cleanUp: { enabled: true, dryRun: true },
      });

      // Go-live filters apply when a list is left, like the other per-room choices.
      const f = GO_LIVE_FILTER_STRINGS['zh-CN'];
      await page.getByText(f.heading).waitFor();
      await page.fill('#filter-all-titleBlock', '回放，抽奖, 回放');
      await page.locator('#filter-all-titleBlock').blur();
      await expect
        .poll(() => contract.settings().notifications.goLiveFilters.all.titleBlock)
        .toEqual(['回放', '抽奖']);
      expect(await page.inputValue('#filter-all-titleBlock')).toBe('回放, 抽奖');
      await page.fill('#filter-add-room', '21452505');
      await page.getByRole('button', { name: f.addRoom }).click();
      await page.fill('#filter-room-21452505-areaAllow', '唱见电台');
      await page.locator('#filter-room-21452505-areaAllow').blur();
      await expect
        .poll(() => contract.settings().notifications.goLiveFilters.rooms)
        .toEqual([
          {
            roomId: 21452505,
            titleAllow: [],
            titleBlock: [],
            areaAllow: ['唱见电台'],
            areaBlock: [],
          },
        ]);
      await shootPart(
        page.locator('#go-live-filters'),
        join(OUT, 'settings-go-live-filters-700-zh-CN-light.png'),
      );
      expect(await unlabelledControls(page)).toEqual([]);
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    },
  );

  it('says in the Notifications list which filter stopped a go-live, with its word', async () => {
    const filtered = memoryContract({
      notifications: [
        makeNotification(1, {
          decision: {
            shown: false,
            reason: 'filtered',
            filter: { list: 'titleBlock', word: '回放', scope: 'all' },
          },
        }),
      ],
    });
    const served = await startMemoryPreview(filtered);
    try {
      const { page, watch } = await openWindow(browser, served.uiUrl);
      page.setDefaultTimeout(8_000);
      await showView(page, 'notifications');
      const zhNotes = WINDOW_STRINGS['zh-CN'].notifications;
      await page.locator('.pill', { hasText: zhNotes.suppressed.filtered }).waitFor();
      await page.locator('.filter-reason', { hasText: '标题含屏蔽词“回放”' }).waitFor();
      await setLanguage(page, 'en');
      await page
        .locator('.filter-reason', { hasText: 'the title has the blocked word "回放"' })
        .waitFor();
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    } finally {
      await served.close();
    }
  });
});
