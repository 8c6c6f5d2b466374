import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_STRINGS, WINDOW_VIEWS } from '../../../shared/i18n/window';
import { timestampMs } from '../../../shared/recorder/timestamp';
import { launchChromium } from '../../helpers/chromium';
import { PROJECT_ROOT } from '../../helpers/headless-process';
import { postWebhook } from '../../helpers/http';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { relativePathFor, ts, v2 } from '../../helpers/recorder-events';
import { openAdvanced, openRecorderMore } from './settings-page';
import { callContract, openWindow, showView } from '../../helpers/window-page';
import { contrastFailures } from './contrast';

// The headless child runs with LANG=zh_CN: the window speaks Chinese.
/** Where the first-run screenshots go beside the others (git-ignored). */
const SHOTS = join(PROJECT_ROOT, 'test-output', 'screenshots');
const zh = WINDOW_STRINGS['zh-CN'];

let browser: Browser;
let session: PreviewSession;
let root: string;
let bin: string;
let openLog: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'glance-root-'));
  // A stand-in for xdg-open that writes down what the app asked it to open.
  bin = await mkdtemp(join(tmpdir(), 'glance-bin-'));
  openLog = join(bin, 'opened.log');
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\necho "$@" >> "${openLog}"\n`);
  await chmod(join(bin, 'xdg-open'), 0o755);
  [session, browser] = await Promise.all([
    startPreviewSession({
      rooms: 6,
      args: ['--recording-root', root, '--poll-interval', '1'],
      env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
    }),
    launchChromium(),
    mkdir(SHOTS, { recursive: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  await rm(bin, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

async function send(body: Record<string, unknown>): Promise<void> {
  expect((await postWebhook(session.webhookUrl, JSON.stringify(body))).status).toBe(204);
}

describe('set-up that proves itself', () => {
  it('the first-run card waits, then turns green on the recorder’s first real webhook', async () => {
    const { page, watch } = await openWindow(browser, session.uiUrl);
    const card = page.locator('.setup-card');
    await card.waitFor();
    expect(await page.inputValue('#setup-webhook-url')).toBe(session.webhookUrl);
    await card.locator('.setup-check.is-waiting', { hasText: zh.setup.waiting }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'first-run-waiting-420x600-zh-CN-light.png') });
    // A test event goes through the listener but proves nothing about the recorder.
    expect((await callContract(page, 'test:sendEvent', { kind: 'StreamStarted' })).ok).toBe(true);
    const room = { roomId: 77701, name: '首个主播', title: '第一次' };
    await send(v2('StreamStarted', room, 1, {}, { streaming: true, recording: false }));
    await card.locator('.setup-check.is-received').waitFor({ timeout: 8000 });
    expect(await card.locator('.setup-check').textContent()).toContain(zh.setup.ago.now);
    await page.screenshot({ path: join(SHOTS, 'first-run-received-420x600-zh-CN-light.png') });
    await page.getByRole('button', { name: zh.setup.done }).click();
    await card.waitFor({ state: 'detached' });
    // The same proof in Settings: the webhooks light is green.
    await showView(page, 'settings');
    await page.locator('.light-good', { hasText: zh.setup.webhooks }).waitFor();
    expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
    await page.close();
  });

  it('a recorder API that never answered is "not set up", in neutral colours', async () => {
    const other = await startPreviewSession({
      recorder: session.recorder,
      args: ['--recorder-url', 'http://127.0.0.1:9', '--poll-interval', '1'],
    });
    try {
      const { page } = await openWindow(browser, other.uiUrl);
      await expect
        .poll(async () => (await callContract(page, 'state:get', {})).recorder.status, {
          timeout: 15_000,
        })
        .toBe('unreachable');
      const chip = page.locator('.header .chip', { hasText: zh.setup.apiNotSetUp });
      await chip.waitFor();
      expect(await chip.getAttribute('class')).toContain('chip-quiet');
      expect(await page.locator('.header .chip-bad').count()).toBe(0);
      await showView(page, 'settings');
      const light = page.locator('.light', { hasText: zh.setup.api });
      expect(await light.getAttribute('class')).toContain('light-quiet');
      expect(await light.textContent()).toContain(zh.setup.apiNotSetUp);
      await page.close();
    } finally {
      await other.stopHeadless();
    }
  });
});

describe('settings that cannot break the app', () => {
  it('refuses a listener open to the network without a token at save, and saves nothing', async () => {
    const { page } = await openWindow(browser, session.uiUrl);
    const answer = await callContract(page, 'settings:update', { listener: { host: '0.0.0.0' } });
    expect(answer).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^listener\.token: .*令牌/)],
    });
    expect((await callContract(page, 'settings:get', {})).listener.host).toBe('127.0.0.1');

    // The same in the form: the error by the token field, focused, with a way to make one.
    await showView(page, 'settings');
    await openAdvanced(page);
    await page.fill('#listener-host', '0.0.0.0');
    await page.getByRole('button', { name: zh.settings.save, exact: true }).click();
    await page.locator('#listener-token-errors').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('listener-token');
    await page.getByRole('button', { name: zh.setup.generateToken }).click();
    expect(await page.inputValue('#listener-token')).toMatch(/^[A-Za-z0-9]{24}$/);
    await page.getByRole('button', { name: zh.settings.discard }).click();
    // Nothing was written: no settings file yet, or one without the refused host.
    const stored = await readFile(join(session.dataDir, 'settings.json'), 'utf8').catch(() => '{}');
    expect(JSON.parse(stored).listener?.host ?? '127.0.0.1').toBe('127.0.0.1');
    await page.close();
  });

  it('saves a recorder address typed without a scheme with http://', async () => {
    const { page } = await openWindow(browser, session.uiUrl);
    const current = await callContract(page, 'settings:get', {});
    const answer = await callContract(page, 'settings:update', {
      recorders: [{ ...current.recorders[0]!, url: '127.0.0.1:2356' }],
    });
    expect(answer.ok).toBe(true);
    const stored = JSON.parse(await readFile(join(session.dataDir, 'settings.json'), 'utf8'));
    expect(stored.recorders[0].url).toBe('http://127.0.0.1:2356');
    await page.close();
  });

  it('keeps unsaved edits across a tab switch', async () => {
    const { page } = await openWindow(browser, session.uiUrl);
    await showView(page, 'settings');
    await openRecorderMore(page, 0);
    await page.fill('#recorder-0-unreachable', '42');
    await page.locator('.save-bar', { hasText: zh.settings.unsaved }).waitFor();
    await showView(page, 'files');
    await showView(page, 'settings');
    await page.locator('.save-bar', { hasText: zh.settings.unsaved }).waitFor();
    expect(await page.inputValue('#recorder-0-unreachable')).toBe('42');
    await page.close();
  });
});

describe('rooms: trouble first, filters that count', () => {
  it('sorts a live room that should record but does not first, marked in words, and filters', async () => {
    const { page } = await openWindow(browser, session.uiUrl, { width: 1100, height: 720 });
    const fake = session.recorder.state.rooms[4]!;
    fake.autoRecord = true;
    fake.streaming = true;
    fake.recording = false;
    const first = page.locator('.vlist-row').first().locator('.room');
    await expect
      .poll(() => first.getAttribute('data-room-id'), { timeout: 15_000 })
      .toBe(String(fake.roomId));
    expect(await first.getAttribute('class')).toContain('needs-attention');
    // In words: the flags' line, or the recording guardian's badge once it has judged the room.
    expect(
      (await first.textContent())?.includes(zh.lists.attention.notRecording) ||
        (await first.locator('.problem-badge[data-problem="not-recording"]').count()) === 1,
    ).toBe(true);

    const chip = page.getByRole('button', { name: zh.lists.filters.attention });
    expect(await chip.textContent()).toContain('1');
    await chip.click();
    // The recorder's rooms: the first test's webhook room is not on it, so its polls dropped that.
    const total = session.recorder.state.rooms.length;
    await page.getByText(zh.lists.showing(1, total)).waitFor();
    expect(await page.locator('.vlist-row').count()).toBe(1);
    await page.getByRole('button', { name: zh.lists.filters.all }).click();
    await page.getByText(zh.lists.showing(total, total)).waitFor();

    // One tab stop in the list; the arrow keys move it.
    expect(await page.locator('.vlist-row[tabindex="0"]').count()).toBe(1);
    await page.locator('.vlist-row').first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-index'))).not.toBe(
      '0',
    );
    fake.streaming = false;
    fake.autoRecord = false;
    await page.close();
  });
});

describe('a history that acts, files you can find', () => {
  it('opens a finished file from its notification row, and lists the file at its own time', async () => {
    const room = { roomId: 77702, name: '文件主播', title: '三天前' };
    const path = relativePathFor(room, 5);
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), 'flv');
    const closeTime = ts(61.5);
    await send(
      v2('FileClosed', room, 62, {
        SessionId: '4f1e2d3c-0000-4000-8000-000000000001',
        RelativePath: path,
        FileSize: 2_000_000,
        Duration: 61.5,
        FileOpenTime: ts(0),
        FileCloseTime: closeTime,
      }),
    );
    const { page } = await openWindow(browser, session.uiUrl);
    await showView(page, 'files');
    const fileRow = page.locator('.file', { hasText: room.title });
    await fileRow.waitFor();
    // The recorder's close time, not when the app received the event (that is today).
    expect(await fileRow.locator('time.file-time').getAttribute('datetime')).toBe(
      new Date(timestampMs(closeTime)).toISOString(),
    );
    // Recorded in 2024: not among today's files, back with "all".
    await page.getByRole('button', { name: zh.lists.today, exact: true }).click();
    await fileRow.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: zh.lists.filters.all, exact: true }).click();
    await fileRow.waitFor();

    await showView(page, 'notifications');
    const note = page.locator('.note', { hasText: room.name });
    await note.waitFor({ timeout: 15_000 });
    await note.locator('.item-title').click();
    await expect
      .poll(() => readFile(openLog, 'utf8').catch(() => ''), { timeout: 10_000 })
      .toContain(join(root, path));
    await expect.poll(() => note.getAttribute('class')).not.toContain('is-unread');
    await page.close();
  });
});

describe('accessible', () => {
  it('has AA contrast for text and 3:1 for controls in every view, light and dark', async () => {
    const { page } = await openWindow(browser, session.uiUrl, { width: 1100, height: 720 });
    const found: Record<string, unknown[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const view of WINDOW_VIEWS) {
        await showView(page, view);
        await page.waitForSelector('.vlist, .items, .empty, .settings-form');
        if (view === 'settings') {
          await openAdvanced(page);
          await openRecorderMore(page, 0);
        }
        const failures = await contrastFailures(page);
        if (failures.length > 0) found[`${view}-${scheme}`] = failures;
      }
    }
    expect(found).toEqual({});
    // The measure itself finds what it should: grey on white at 2.8:1.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.id = 'probe';
      probe.textContent = 'probe';
      document.querySelector('main')?.prepend(probe);
      probe.style.cssText = 'color: #999999; background: #ffffff; font-size: 14px';
    });
    expect(await contrastFailures(page)).toEqual([
      expect.objectContaining({ what: 'p. "probe"', ratio: 2.85, needed: 4.5 }),
    ]);
    await page.close();
  });
});
