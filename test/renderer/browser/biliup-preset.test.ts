import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILIUP_PRESET_STRINGS } from '../../../shared/i18n/window/biliup-preset';
import { JOBS_SETTINGS_STRINGS } from '../../../shared/i18n/window/jobs-settings';
import { memoryContract, type MemoryContract } from '../../fakes/memory-contract';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import {
  previewInChromium,
  type PreviewInChromium,
  type MemoryPreview,
} from '../../helpers/memory-preview';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';
import { saveSettingsForm, settingsSection, unlabelledControls } from './settings-page';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const zh = JOBS_SETTINGS_STRINGS['zh-CN'];
const en = JOBS_SETTINGS_STRINGS.en;
const zhBiliup = BILIUP_PRESET_STRINGS['zh-CN'];
const enBiliup = BILIUP_PRESET_STRINGS.en;

// biliup's command lines (biliup/biliup crates/biliup-cli/src/cli.rs L30-32: `-u` before the
// subcommand; L46-55: `upload <studio flags> <video_path>...`, each path a part of one video;
// L75-87: `append -v <BV> <video_path>...`), with this app's placeholders where the job fills in
// the room, the title and the files (`{outputs}`: the session's files, in order).
const UPLOAD = [
  ...['-u', '/home/me/.biliup/cookies.json', 'upload'],
  ...['--copyright', '2', '--source', '{roomUrl}'],
  ...['--tid', '171', '--title', '{streamer} 的直播 {date}', '{outputs}'],
];
const APPEND = ['-u', '/home/me/.biliup/cookies.json', 'append', '-v', 'BV1xx411c7mD', '{output}'];

let browser: Browser;
let contract: MemoryContract;
let preview: MemoryPreview;
let opened: PreviewInChromium | undefined;

beforeAll(async () => {
  contract = memoryContract({
    settings: { recorders: [{ id: 'default', recordingRoot: '/rec' }] },
  });
  opened = await previewInChromium(contract, OUT);
  ({ preview, browser } = opened);
});

afterAll(() => opened?.close());

describe('Settings → Actions: the biliup preset in Chromium', () => {
  it('posts one video per session by default, or appends each file to a BV, saying which does what', async () => {
    const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 800 });
    page.setDefaultTimeout(8_000);
    await showView(page, 'settings');
    const jobs = settingsSection(page, 'settings-jobs');
    await jobs.getByRole('heading', { name: zh.section }).waitFor();

    await jobs.locator('[data-preset="biliup"]').click();
    await jobs.getByText(zhBiliup.cookieFileHint).waitFor();
    await jobs.getByText(zhBiliup.modeSessionHint).waitFor();
    await jobs.getByText(zhBiliup.modeAppendHint).waitFor();
    expect(await jobs.getByRole('radio', { name: zhBiliup.modeSession }).isChecked()).toBe(true);
    const add = jobs.getByRole('button', { name: zh.addPreset });
    expect(await add.isDisabled()).toBe(true); // no cookie file, no rule
    await page.fill('#jobs-preset-biliup-cookie', '/home/me/.biliup/cookies.json');
    await page.fill('#jobs-preset-biliup-title', '{streamer} 的直播 {date}');
    expect(await unlabelledControls(page)).toEqual([]);
    await add.click();
    await jobs.locator('[data-rule="0"]').waitFor();
    expect(await page.inputValue('#rule-0-name')).toBe(zh.presetRuleNames.biliup);
    await saveSettingsForm(page);
    await expect.poll(() => contract.settings().jobs.rules.length).toBe(1);
    expect(contract.settings().jobs.rules[0]).toMatchObject({
      on: 'SessionEnded', // one post when the session has ended, with all its files
      steps: [{ kind: 'run', program: 'biliup', args: UPLOAD }],
    });

    // {outputs} on each finished file is refused by the args field, in the window's language.
    await page.selectOption('#rule-0-on', 'FileClosed');
    await saveSettingsForm(page);
    await page.locator('#rule-0-step-0-args[aria-invalid="true"]').waitFor();
    expect(await page.locator('#rule-0-step-0-args-errors').textContent()).toBe(
      '{outputs}（一场直播的全部文件）只能用在“整场直播结束时”的规则中；单个文件请用 {output}',
    );
    expect(contract.settings().jobs.rules[0]?.on).toBe('SessionEnded'); // nothing saved
    await page.selectOption('#rule-0-on', 'SessionEnded');

    // In English, adding to a video already posted: each finished file goes to that BV.
    await setLanguage(page, 'en');
    await jobs.getByRole('heading', { name: en.section }).waitFor();
    await jobs.locator('[data-preset="biliup"]').click();
    await jobs.getByText(enBiliup.modeAppendHint).waitFor();
    await jobs.getByRole('radio', { name: enBiliup.modeAppend }).check();
    await jobs.getByText(enBiliup.bvidHint).waitFor();
    await page.fill('#jobs-preset-biliup-cookie', '/home/me/.biliup/cookies.json');
    const addEn = jobs.getByRole('button', { name: en.addPreset });
    expect(await addEn.isDisabled()).toBe(true); // no BV id, no rule
    await page.fill('#jobs-preset-biliup-bvid', 'BV1xx411c7mD');
    expect(await unlabelledControls(page)).toEqual([]);
    await addEn.click();
    await jobs.locator('[data-rule="1"]').waitFor();
    await saveSettingsForm(page, 'en');
    await expect.poll(() => contract.settings().jobs.rules.length).toBe(2);
    expect(contract.settings().jobs.rules[1]).toMatchObject({
      on: 'FileClosed',
      steps: [{ kind: 'run', program: 'biliup', args: APPEND }],
    });
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    await page.close();
  });
});
