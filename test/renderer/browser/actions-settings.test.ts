import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../../shared/format';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { ACTIONS_STRINGS } from '../../../shared/i18n/window/actions';
import { CLEANUP_STRINGS } from '../../../shared/i18n/window/cleanup';
import { GO_LIVE_FILTER_STRINGS } from '../../../shared/i18n/window/go-live-filters';
import type { ToolCheck } from '../../../shared/jobs';
import type { RetentionPreview } from '../../../shared/retention';
import { checkTools } from '../../../main/adapters/actions/find-program';
import { makeNotification } from '../../fakes/history-records';
import { memoryContract, type MemoryContract } from '../../fakes/memory-contract';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { startMemoryPreview, type MemoryPreview } from '../../helpers/memory-preview';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { contrastFailures } from './contrast';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const zh = ACTIONS_STRINGS['zh-CN'];
const en = ACTIONS_STRINGS.en;
const czh = CLEANUP_STRINGS['zh-CN'];

// What ffmpeg -version and a missing rclone look like to the tool check.
const TOOLS: ToolCheck[] = [
  {
    tool: 'ffmpeg',
    found: true,
    path: '/opt/ffmpeg/bin/ffmpeg',
    version: 'ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers',
  },
  { tool: 'rclone', found: false, path: null, version: null, message: 'rclone: not on PATH' },
];

const DAY = 86_400_000;
const PREVIEW: RetentionPreview = {
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

beforeAll(async () => {
  contract = memoryContract({
    settings: { recorders: [{ id: 'default', recordingRoot: '/rec' }] },
    tools: TOOLS,
    preview: PREVIEW,
  });
  [preview, browser] = await Promise.all([
    startMemoryPreview(contract),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

const section = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}-title"]`);
const calls = (channel: string) => contract.calls.filter((c) => c.channel === channel);

async function saveForm(page: Page, language: 'zh-CN' | 'en' = 'zh-CN'): Promise<void> {
  const name = WINDOW_STRINGS[language].settings.save;
  await page.locator('.save-bar').getByRole('button', { name, exact: true }).click();
}

async function shoot(target: Locator, name: string): Promise<void> {
  const page = target.page();
  // Tall enough that the section is not cut by the settings' own scroller.
  const before = page.viewportSize();
  await page.setViewportSize({ width: 700, height: 3000 });
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const file = join(OUT, name);
  await target.screenshot({ path: file });
  expect((await stat(file)).size).toBeGreaterThan(5_000);
  if (before) await page.setViewportSize(before);
}

/** Inputs, selects and text boxes that no label names. */
function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')]
      .filter((e) => (e.labels?.length ?? 0) === 0 && !e.getAttribute('aria-label'))
      .map((e) => e.id || e.outerHTML.slice(0, 80)),
  );
}

describe('Settings → Actions and Clean-up in Chromium', () => {
  it(
    'checks the tools, adds rules from presets that save, shows a refused field by itself, tries a rule; in Chinese, then English',
    { timeout: 60_000 },
    async () => {
      const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 800 });
      // A step that cannot happen fails by itself, with what it waited for.
      page.setDefaultTimeout(8_000);
      await showView(page, 'settings');
      const actions = section(page, 'settings-actions');
      await actions.getByRole('heading', { name: zh.section }).waitFor();
      await actions.getByText(zh.noRules).waitFor();

      // The tools as typed, found or not, with the version line.
      await page.fill('#actions-tool-ffmpeg', '/opt/ffmpeg/bin/ffmpeg');
      await actions.getByRole('button', { name: zh.checkTools }).click();
      await actions
        .locator('[data-tool="ffmpeg"]', { hasText: zh.found('ffmpeg version 5.1.6') })
        .waitFor();
      expect(await actions.locator('[data-tool="rclone"]').textContent()).toContain(zh.notFound);
      expect(calls('actions:checkTools')).toEqual([
        { channel: 'actions:checkTools', request: { tools: { ffmpeg: '/opt/ffmpeg/bin/ffmpeg' } } },
      ]);

      // A preset makes a rule; Save keeps it (with the tool path typed above).
      await actions.locator('[data-preset="remux"]').click();
      await actions.locator('[data-rule="0"]').waitFor();
      expect(await page.inputValue('#rule-0-name')).toBe(zh.presetRuleNames.remux);
      await saveForm(page);
      await expect.poll(() => contract.settings().actions.rules.length).toBe(1);
      expect(contract.settings().actions).toMatchObject({
        tools: { ffmpeg: '/opt/ffmpeg/bin/ffmpeg' },
        rules: [
          {
            id: 'rule-1',
            name: zh.presetRuleNames.remux,
            on: 'FileClosed',
            steps: [{ kind: 'remux', format: 'mp4', deleteSource: false }],
          },
        ],
      });

      // Upload asks for the remote first.
      await actions.locator('[data-preset="upload"]').click();
      await page.fill('#actions-preset-remote', 'nas:录播/{streamer}');
      await actions.getByRole('button', { name: zh.addPreset }).click();
      await actions.locator('[data-rule="1"]').waitFor();
      // "Run a program" leaves the program to the user: saving points at that field.
      await actions.locator('[data-preset="run"]').click();
      await saveForm(page);
      await page.locator('#rule-2-step-0-program[aria-invalid="true"]').waitFor();
      expect(await page.locator('#rule-2-step-0-program-errors').textContent()).toBeTruthy();
      expect(contract.settings().actions.rules).toHaveLength(1);
      await page.fill('#rule-2-step-0-program', '/usr/local/bin/notify.sh');
      await page.fill('#rule-2-step-0-args', '{path}\n"; rm -rf ~\n$(whoami)');
      await saveForm(page);
      await expect.poll(() => contract.settings().actions.rules.length).toBe(3);
      expect(contract.settings().actions.rules.slice(1)).toMatchObject([
        { id: 'rule-2', steps: [{ kind: 'upload', remote: 'nas:录播/{streamer}' }] },
        {
          id: 'rule-3',
          steps: [
            {
              kind: 'run',
              program: '/usr/local/bin/notify.sh',
              args: ['{path}', '"; rm -rf ~', '$(whoami)'],
            },
          ],
        },
      ]);

      // "Try on the last file" sends the rule as it is in the form.
      await actions
        .locator('[data-rule="0"]')
        .getByRole('button', { name: zh.tryOnLastFile })
        .click();
      await actions.locator('[data-rule="0"]').getByText(zh.tried).waitFor();
      expect(calls('actions:tryOnLastFile')).toEqual([
        {
          channel: 'actions:tryOnLastFile',
          request: {
            rule: {
              id: 'rule-1',
              name: zh.presetRuleNames.remux,
              on: 'FileClosed',
              steps: [{ kind: 'remux', format: 'mp4', deleteSource: false }],
            },
          },
        },
      ]);

      expect(await unlabelled(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        420,
      );
      expect(await contrastFailures(page)).toEqual([]);
      await shoot(actions, 'settings-actions-700-zh-CN-light.png');

      await setLanguage(page, 'en');
      await actions.getByRole('heading', { name: en.section }).waitFor();
      await actions.getByRole('button', { name: en.checkTools }).click();
      await actions
        .locator('[data-tool="ffmpeg"]', { hasText: en.found('ffmpeg version 5.1.6') })
        .waitFor();
      expect(await actions.locator('[data-tool="rclone"]').textContent()).toContain(en.notFound);
      await actions.locator('[data-preset="danmaku"]').click();
      expect(await page.inputValue('#rule-3-name')).toBe(en.presetRuleNames.danmaku);
      await saveForm(page, 'en');
      await expect
        .poll(() => contract.settings().actions.rules.at(-1)?.steps)
        .toEqual([{ kind: 'danmaku' }]);
      expect(await actions.textContent()).not.toContain(zh.checkTools);
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    },
  );

  it(
    'previews what a clean-up would remove, saves its rule and the keep-awake switch, and filters go-lives',
    { timeout: 60_000 },
    async () => {
      await contract.handlers['settings:update']({ language: 'zh-CN' });
      const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 800 });
      // A step that cannot happen fails by itself, with what it waited for.
      page.setDefaultTimeout(8_000);
      await showView(page, 'settings');
      const cleanup = section(page, 'settings-cleanup');
      await cleanup.getByRole('heading', { name: czh.section }).waitFor();
      expect(await page.isChecked('#cleanup-dry-run')).toBe(true);
      expect(await page.isChecked('#keep-awake')).toBe(true);

      await cleanup.getByRole('button', { name: czh.addRule }).click();
      await page.fill('#cleanup-0-days', '45');
      await cleanup.getByRole('button', { name: czh.preview }).click();
      await cleanup
        .locator('[data-preview]')
        .getByText(czh.previewTotal(2, formatBytes(PREVIEW.bytes)))
        .waitFor();
      expect(await cleanup.locator('.preview-files > li').count()).toBe(2);
      expect(await cleanup.locator('.preview-files').textContent()).toContain(
        '21452505/录制-21452505-20261001-200000-【歌回】.flv',
      );
      // The form as it is, before it is saved.
      expect(calls('retention:preview').at(-1)?.request).toEqual({
        retention: { enabled: false, dryRun: true, rules: [{ keepDays: 45, then: 'trash' }] },
      });
      await shoot(cleanup, 'settings-cleanup-700-zh-CN-light.png');

      await page.check('#cleanup-enabled');
      await page.uncheck('#keep-awake');
      await saveForm(page);
      await expect
        .poll(() => contract.settings().retention.rules)
        .toEqual([{ keepDays: 45, then: 'trash' }]);
      expect(contract.settings()).toMatchObject({
        keepAwake: false,
        retention: { enabled: true, dryRun: true },
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
      await shoot(page.locator('#go-live-filters'), 'settings-go-live-filters-700-zh-CN-light.png');
      expect(await unlabelled(page)).toEqual([]);
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

  it('checks the real tools of this machine: ffmpeg and rclone found with their version, a wrong path and DanmakuFactory not', async () => {
    const real = memoryContract({ tools: (tools) => checkTools(tools) });
    const served = await startMemoryPreview(real);
    try {
      const { page, watch } = await openWindow(browser, served.uiUrl, { width: 420, height: 800 });
      page.setDefaultTimeout(15_000);
      await showView(page, 'settings');
      const actions = section(page, 'settings-actions');
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

  it('shows what a --config file sets as locked: its switch and rules not editable, the rest as usual', async () => {
    const fixed = memoryContract({
      settings: {
        actions: { enabled: true, rules: [{ id: 'mp4', name: 'MP4', steps: [{ kind: 'remux' }] }] },
      },
      lockedSettings: ['actions.enabled', 'actions.rules'],
    });
    const served = await startMemoryPreview(fixed);
    try {
      const { page, watch } = await openWindow(browser, served.uiUrl, { width: 420, height: 800 });
      page.setDefaultTimeout(8_000);
      await showView(page, 'settings');
      const actions = section(page, 'settings-actions');
      await actions.locator('[data-rule="0"]').waitFor();
      expect(await page.isDisabled('#actions-enabled')).toBe(true);
      expect(await page.isDisabled('#rule-0-name')).toBe(true);
      expect(await actions.locator('[data-preset="remux"]').isDisabled()).toBe(true);
      expect(await page.isDisabled('#actions-concurrency')).toBe(false);
      expect(await actions.getByText(WINDOW_STRINGS['zh-CN'].setup.lockedHint).count()).toBe(2);
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    } finally {
      await served.close();
    }
  });
});
