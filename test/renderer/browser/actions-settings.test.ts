import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { ACTIONS_STRINGS } from '../../../shared/i18n/window/actions';
import type { ToolCheck } from '../../../shared/jobs';
import { memoryContract, type MemoryContract } from '../../fakes/memory-contract';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import {
  previewInChromium,
  startMemoryPreview,
  type MemoryPreview,
  type PreviewInChromium,
} from '../../helpers/memory-preview';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { contrastFailures } from './contrast';
import { saveSettingsForm, settingsSection, shootPart, unlabelledControls } from './settings-page';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const zh = ACTIONS_STRINGS['zh-CN'];
const en = ACTIONS_STRINGS.en;

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

let browser: Browser;
let contract: MemoryContract;
let preview: MemoryPreview;
let opened: PreviewInChromium | undefined;

beforeAll(async () => {
  contract = memoryContract({
    settings: { recorders: [{ id: 'default', recordingRoot: '/rec' }] },
    tools: TOOLS,
  });
  opened = await previewInChromium(contract, OUT);
  ({ preview, browser } = opened);
});

afterAll(() => opened?.close());

const calls = (channel: string) => contract.calls.filter((c) => c.channel === channel);

describe('Settings → Actions in Chromium', () => {
  it(
    'checks the tools, adds rules from presets that save, shows a refused field by itself, tries a rule; in Chinese, then English',
    { timeout: 60_000 },
    async () => {
      const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 800 });
      // A step that cannot happen fails by itself, with what it waited for.
      page.setDefaultTimeout(8_000);
      await showView(page, 'settings');
      const actions = settingsSection(page, 'settings-actions');
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
      await saveSettingsForm(page);
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
      await saveSettingsForm(page);
      await page.locator('#rule-2-step-0-program[aria-invalid="true"]').waitFor();
      expect(await page.locator('#rule-2-step-0-program-errors').textContent()).toBeTruthy();
      expect(contract.settings().actions.rules).toHaveLength(1);
      await page.fill('#rule-2-step-0-program', '/usr/local/bin/notify.sh');
      await page.fill('#rule-2-step-0-args', '{path}\n"; rm -rf ~\n$(whoami)');
      await saveSettingsForm(page);
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

      expect(await unlabelledControls(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        420,
      );
      expect(await contrastFailures(page)).toEqual([]);
      await shootPart(actions, join(OUT, 'settings-actions-700-zh-CN-light.png'));

      await setLanguage(page, 'en');
      await actions.getByRole('heading', { name: en.section }).waitFor();
      await actions.getByRole('button', { name: en.checkTools }).click();
      await actions
        .locator('[data-tool="ffmpeg"]', { hasText: en.found('ffmpeg version 5.1.6') })
        .waitFor();
      expect(await actions.locator('[data-tool="rclone"]').textContent()).toContain(en.notFound);
      await actions.locator('[data-preset="danmaku"]').click();
      expect(await page.inputValue('#rule-3-name')).toBe(en.presetRuleNames.danmaku);
      await saveSettingsForm(page, 'en');
      await expect
        .poll(() => contract.settings().actions.rules.at(-1)?.steps)
        .toEqual([{ kind: 'danmaku' }]);
      expect(await actions.textContent()).not.toContain(zh.checkTools);
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    },
  );

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
      const actions = settingsSection(page, 'settings-actions');
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
