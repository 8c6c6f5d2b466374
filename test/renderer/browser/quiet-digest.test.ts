import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { Language } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { advanceClock, movableClockBundle, PROJECT_ROOT } from '../../helpers/headless-process';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { callContract, openWindow, setLanguage, showView } from '../../helpers/window-page';

const OUT = join(PROJECT_ROOT, 'test-output', 'screenshots');
const ALL = { limit: 50, offset: 0 };
let browser: Browser;
let session: PreviewSession;
let quietUntil: number;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiet-digest-'));
  const config = join(dir, 'config.json');
  // Quiet for an hour after start-up: a go-live inside is held; the test then moves the app's
  // clock past the end (movableClockBundle) and the digest comes, with no wait.
  quietUntil = Date.now() + 3_600_000;
  await writeFile(config, JSON.stringify({ notifications: { groupWindowSeconds: 0, quietUntil } }));
  [session, browser] = await Promise.all([
    startPreviewSession({ rooms: 3, args: ['--config', config], entry: movableClockBundle() }),
    launchChromium(),
    mkdir(OUT, { recursive: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
});

it("the digest's row shows the notifications of its span, in both languages", async () => {
  // Rooms that do not record by themselves: a go-live each, no recording session.
  for (const room of session.recorder.state.rooms) room.autoRecord = false;
  const [held, later] = session.recorder.state.rooms.map((r) => r.roomId);
  const { page, watch } = await openWindow(browser, session.uiUrl, { width: 1100, height: 720 });
  // After the first poll's baseline: a go-live now is news, held by the quiet time.
  await vi.waitFor(
    async () => expect((await callContract(page, 'state:get', {})).recorder.status).toBe('ok'),
    { timeout: 10_000 },
  );
  await session.recorder.setLive(held!, true);
  const notifications = async () =>
    (
      (await callContract(page, 'history:notifications', ALL)) as {
        items: { notification: { event: string }; decision: { shown: boolean; reason?: string } }[];
      }
    ).items;
  const events = async () => (await notifications()).map((e) => e.notification.event);
  // Held inside the quiet time; then the quiet time ends.
  await vi.waitFor(
    async () =>
      expect((await notifications()).map((e) => e.decision)).toEqual([
        { shown: false, reason: 'held' },
      ]),
    { timeout: 10_000 },
  );
  advanceClock(session.headless, quietUntil - Date.now() + 1000);
  await vi.waitFor(async () => expect(await events()).toContain('QuietHoursDigest'), {
    timeout: 10_000,
    interval: 250,
  });
  await session.recorder.setLive(later!, true); // after the span: shown, and not in it
  await vi.waitFor(async () => expect(await events()).toHaveLength(3), { timeout: 10_000 });
  for (const language of Language.options) {
    const t = ATTENTION_TEXT[language];
    await setLanguage(page, language);
    await page.reload();
    await page.waitForSelector('.shell');
    await showView(page, 'notifications');
    const rows = page.locator('li.note');
    await expect.poll(() => rows.count()).toBe(3);
    const digestRow = rows.filter({
      hasText: WINDOW_STRINGS[language].eventNames.QuietHoursDigest,
    });
    await digestRow.getByRole('button', { name: t.showHeld }).click();
    await page.getByRole('status').filter({ hasText: t.clearSpan }).waitFor();
    // The span holds the held go-live and the digest; the go-live after it is left out.
    await expect.poll(() => rows.count()).toBe(2);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: join(OUT, `notifications-digest-${language}.png`) });
    await page.getByRole('button', { name: t.clearSpan }).click();
    await expect.poll(() => rows.count()).toBe(3);
  }
  expect(watch.errors).toEqual([]);
}, 60_000);
