import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { launchChromium } from '../../helpers/chromium';
import { fixtureJson } from '../../helpers/fixtures';
import { postWebhook } from '../../helpers/http';
import { makeFlv, probe } from '../../helpers/media-tools';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, showView } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN: "follow the system" means Chinese.
const zh = WINDOW_STRINGS['zh-CN'].jobs;
const RELATIVE = '23058-3号直播间/录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv';

let browser: Browser;
let session: PreviewSession;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'jobs-live-root-'));
  await makeFlv(join(root, RELATIVE));
  const config = join(root, '..', `${root.split('/').at(-1)}-config.json`);
  await writeFile(
    config,
    JSON.stringify({
      jobs: {
        enabled: true,
        rules: [{ id: 'mp4', name: '转封装为 MP4', steps: [{ kind: 'remux' }] }],
      },
    }),
  );
  [session, browser] = await Promise.all([
    startPreviewSession({
      rooms: 1,
      live: 0,
      args: ['--recording-root', root, '--config', config],
    }),
    launchChromium(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

it('follows a real remux in the Jobs view of the real app: the job appears, ends done, and offers its MP4', async () => {
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 420, height: 700 });
  page.setDefaultTimeout(30_000);
  await showView(page, 'jobs');
  await page.getByText(zh.empty).waitFor();

  const body = fixtureJson<{ EventData: Record<string, unknown> }>(
    'synthesized/webhook-v2-FileClosed.json',
  );
  body.EventData.RelativePath = RELATIVE;
  await postWebhook(session.webhookUrl, JSON.stringify(body));

  // The view was open before the job existed: jobs:changed brings it, then its end.
  const row = page.locator('[data-job]').first();
  await row.locator('.pill', { hasText: zh.status.done }).waitFor();
  expect(await row.textContent()).toContain('转封装为 MP4');
  await row.getByRole('button', { name: zh.openOutput }).waitFor();
  await row.getByRole('button', { name: zh.showInFolder }).waitFor();
  const mp4 = join(root, RELATIVE.replace(/\.flv$/, '.mp4'));
  expect((await probe(mp4)).codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
  expect(watch).toEqual({ dialogs: [], errors: [], cspViolations: [] });
}, 90_000);
