import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import type { Job } from '../../../shared/jobs';
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

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const zh = WINDOW_STRINGS['zh-CN'].jobs;
const en = WINDOW_STRINGS.en.jobs;

const step = (kind: Job['steps'][number]['kind'], status: Job['steps'][number]['status']) => ({
  kind,
  status,
  tries: status === 'pending' ? 0 : 1,
  output: null,
  error: null,
  startedAt: null,
  endedAt: null,
});

function job(overrides: Partial<Job>): Job {
  const now = Date.now();
  return {
    id: 'job',
    ruleId: 'rule-1',
    ruleName: '转封装为 MP4',
    on: 'FileClosed',
    recorderId: 'default',
    roomId: 21452505,
    streamer: '七海Nana7mi',
    title: '【歌回】今晚唱新歌',
    inputs: ['/rec/21452505/录制-21452505-20261127-200000-【歌回】.flv'],
    steps: [step('remux', 'done'), step('upload', 'pending')],
    step: 1,
    progress: null,
    status: 'queued',
    tries: 0,
    error: null,
    output: [],
    outputPath: null,
    createdAt: now - 60_000,
    updatedAt: now - 30_000,
    ...overrides,
  };
}

// The tool's own words: what rclone prints when the remote is not configured.
const RCLONE_WORDS = [
  '2026/11/27 20:31:02 NOTICE: Config file "/home/u/.config/rclone/rclone.conf" not found - using defaults',
  '2026/11/27 20:31:02 CRITICAL: Failed to create file system for "nas:录播/七海": didn\'t find section in config file',
];

const JOBS: Job[] = [
  job({
    id: 'failed-1',
    status: 'failed',
    tries: 3,
    error: 'rclone exited with code 1: didn\'t find section in config file ("nas")',
    output: RCLONE_WORDS,
    steps: [step('remux', 'done'), step('upload', 'failed')],
    outputPath: '/rec/21452505/录制-21452505-20261127-200000-【歌回】.mp4',
    createdAt: Date.now() - 50_000,
  }),
  job({
    id: 'running-1',
    status: 'running',
    step: 0,
    progress: 0.42,
    steps: [step('remux', 'running'), step('upload', 'pending')],
    streamer: '雪糕cheese',
    title: '深夜电台 🎧',
    roomId: 22625025,
    createdAt: Date.now() - 20_000,
  }),
  job({
    id: 'done-1',
    status: 'done',
    step: 1,
    steps: [step('remux', 'done')],
    // A rule deleted since: the job stays, and says so.
    ruleId: 'rule-old',
    ruleName: '旧规则',
    outputPath: '/rec/21452505/录制-21452505-20261127-180000.mp4',
    createdAt: Date.now() - 90_000,
  }),
];

let browser: Browser;
let contract: MemoryContract;
let preview: MemoryPreview;
let opened: PreviewInChromium | undefined;

beforeAll(async () => {
  contract = memoryContract({
    settings: {
      recorders: [{ id: 'default', recordingRoot: '/rec' }],
      jobs: {
        rules: [{ id: 'rule-1', name: '转封装为 MP4', steps: [{ kind: 'remux' }] }],
      },
    },
    jobs: JOBS,
  });
  opened = await previewInChromium(contract, OUT);
  ({ preview, browser } = opened);
});

afterAll(() => opened?.close());

const row = (page: Page, id: string) => page.locator(`[data-job="${id}"]`);

describe('the Jobs view in Chromium', () => {
  it('shows a failed job with the tool’s words, retries it, cancels a running one, shows a result; in Chinese, then English', async () => {
    const { page, watch } = await openWindow(browser, preview.uiUrl, { width: 420, height: 760 });
    await showView(page, 'jobs');
    await page.locator('#tab-jobs', { hasText: '任务' }).waitFor();
    // The tab counts what runs or waits (one running).
    expect(await page.locator('#tab-jobs .badge').textContent()).toContain('1');

    const failed = row(page, 'failed-1');
    await failed.locator('.pill', { hasText: zh.status.failed }).waitFor();
    expect(await failed.locator('.job-error').textContent()).toContain(
      "didn't find section in config file",
    );
    // The last output lines are open under a failed job, as the tool wrote them.
    expect(await failed.locator('.job-output').getAttribute('open')).not.toBeNull();
    expect(await failed.locator('.job-output-lines').textContent()).toBe(RCLONE_WORDS.join('\n'));
    expect(await failed.textContent()).toContain(zh.stepOf(2, 2, zh.stepKinds.upload));
    expect(await failed.textContent()).toContain(zh.tries(3));

    const running = row(page, 'running-1');
    expect(await running.locator('progress').getAttribute('value')).toBe('42');
    expect(await running.textContent()).toContain('42%');

    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const shot = join(OUT, 'jobs-420x760-zh-CN-light.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect((await stat(shot)).size).toBeGreaterThan(5_000);
    expect(await contrastFailures(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(OUT, 'jobs-420x760-zh-CN-dark.png'), fullPage: true });
    expect(await contrastFailures(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      420,
    );

    await failed.getByRole('button', { name: zh.retry }).click();
    // Main queues it again and says so (jobs:changed): the row follows without a reload.
    await failed.locator('.pill', { hasText: zh.status.queued }).waitFor();
    expect(contract.calls.filter((c) => c.channel === 'jobs:retry')).toEqual([
      { channel: 'jobs:retry', request: { id: 'failed-1' } },
    ]);

    await running.getByRole('button', { name: zh.cancel }).click();
    await running.locator('.pill', { hasText: zh.status.cancelled }).waitFor();
    expect(contract.calls.filter((c) => c.channel === 'jobs:cancel')).toEqual([
      { channel: 'jobs:cancel', request: { id: 'running-1' } },
    ]);

    // A result under the recording root goes to the gate as a path under it, never a raw one.
    const done = row(page, 'done-1');
    expect(await done.textContent()).toContain(zh.ruleGone);
    expect(await failed.textContent()).not.toContain(zh.ruleGone);
    await done.getByRole('button', { name: zh.showInFolder }).click();
    // fakeHandlers' file:showInFolder is a vi.fn: it saw what the window sent.
    const shown = contract.handlers['file:showInFolder'] as unknown as {
      mock: { calls: unknown[][] };
    };
    await expect.poll(() => shown.mock.calls.length).toBe(1);
    expect(shown.mock.calls[0]?.[0]).toEqual({
      roomId: 21452505,
      recorderId: 'default',
      relativePath: '21452505/录制-21452505-20261127-180000.mp4',
    });

    // A job that moves on while the view is open: progress and state come as they change.
    contract.updateJob('running-1', { status: 'running', progress: 0.8 });
    await running.locator('progress[value="80"]').waitFor();

    await setLanguage(page, 'en');
    await page.locator('#tab-jobs', { hasText: 'Jobs' }).waitFor();
    await failed.locator('.pill', { hasText: en.status.queued }).waitFor();
    await row(page, 'done-1').getByRole('button', { name: en.openOutput }).waitFor();
    expect(await row(page, 'done-1').textContent()).not.toContain(zh.openOutput);
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    await page.close();
  });

  it('says what jobs are when there are none, and leads to Settings → Actions', async () => {
    const empty = memoryContract({});
    const emptyPreview = await startMemoryPreview(empty);
    try {
      const { page, watch } = await openWindow(browser, emptyPreview.uiUrl);
      await showView(page, 'jobs');
      await page.getByText(zh.empty).waitFor();
      await page.getByRole('button', { name: zh.emptyLink }).click();
      await page.waitForSelector('#tab-settings[aria-selected="true"]');
      // The jobs switch is where the window lands, focused.
      await page.waitForFunction(() => document.activeElement?.id === 'jobs-enabled');
      expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
      await page.close();
    } finally {
      await emptyPreview.close();
    }
  });
});
