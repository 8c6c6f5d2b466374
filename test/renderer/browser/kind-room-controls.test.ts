import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { startFakeBlrec, type FakeBlrec } from '../../fakes/recorder-kinds/fake-blrec';
import { DDTV } from '../../fakes/recorder-kinds/kind-senders';
import { launchChromium } from '../../helpers/chromium';
import { startHeadless, type HeadlessProcess } from '../../helpers/headless-process';
import { kindFixture } from '../../helpers/kind-fixtures';
import { openWindow, showView, type WindowPage } from '../../helpers/window-page';

// The headless child runs with LANG=zh_CN (test/helpers/headless-process.ts): Chinese words.
const zh = WINDOW_STRINGS['zh-CN'].rooms.controls;
const BLREC_ROOM = 21452505;
const DDTV_ROOM = 4983935;

let blrec: FakeBlrec;
let headless: HeadlessProcess;
let browser: Browser;
let window: WindowPage;
let webhookUrls: Record<string, string>;

beforeAll(async () => {
  blrec = await startFakeBlrec({ apiKey: 'key-1' });
  const dataDir = await mkdtemp(join(tmpdir(), 'kind-rooms-'));
  const config = join(dataDir, 'recorders.json');
  await writeFile(
    config,
    JSON.stringify({
      recorders: [
        { id: 'b', name: 'blrec', kind: 'blrec', url: blrec.url, password: 'key-1' },
        { id: 'd', name: 'DDTV', kind: 'ddtv', url: '' },
      ],
    }),
  );
  headless = startHeadless([
    ...['--port', '0', '--ui-port', '0', '--no-desktop'],
    ...['--data-dir', dataDir, '--config', config],
  ]);
  const ready = await headless.waitFor((line) => line.type === 'ready', 25_000);
  webhookUrls = ready.webhookUrls as Record<string, string>;
  browser = await launchChromium();
  window = await openWindow(browser, String(ready.uiUrl), { width: 900, height: 700 });
  window.page.setDefaultTimeout(8000); // a missing element fails with its locator, not the test's time-out
});

afterAll(async () => {
  await browser?.close();
  if (headless) {
    void headless.stop();
    const timer = setTimeout(() => headless.child.kill('SIGKILL'), 5_000);
    await headless.exited;
    clearTimeout(timer);
  }
  await blrec?.close();
});

function row(page: Page, recorderId: string, roomId: number) {
  return page.locator(
    `.vlist-row:has(article[data-room-id="${roomId}"][data-recorder-id="${recorderId}"])`,
  );
}

describe('room controls by the recorder kind (browser preview, fake blrec and DDTV)', () => {
  it('a blrec room offers start alone, which reaches blrec; a DDTV room offers nothing', async () => {
    const { page } = window;
    await vi.waitFor(() => expect(blrec.connected()).toBe(1), { timeout: 10_000 });
    blrec.send(kindFixture('blrec/live-began.json'));
    const posted = await DDTV.post(webhookUrls.d!, kindFixture('ddtv/start-live-event.json'));
    expect(posted.status).toBe(204);

    await showView(page, 'rooms');
    const blrecRow = row(page, 'b', BLREC_ROOM);
    await blrecRow.focus(); // as a click or the arrow keys do: the row becomes the list's active one
    const controls = blrecRow.locator('.room-controls');
    await controls.waitFor();
    // blrec can be told to start and stop a task's recorder; split, refresh, the auto-record
    // switch and remove are BililiveRecorder's alone.
    expect(await controls.getByRole('button').allTextContents()).toEqual([zh.start]);
    expect(await controls.getByRole('switch').count()).toBe(0);
    await controls.getByRole('button', { name: zh.start }).click();
    await vi.waitFor(() =>
      expect(blrec.calls).toEqual(['POST /api/v1/tasks/21452505/recorder/enable x-api-key=key-1']),
    );
    await controls.locator('.room-control-result', { hasText: /./ }).waitFor();

    const ddtvRow = row(page, 'd', DDTV_ROOM);
    await ddtvRow.focus();
    // The selection moved (the blrec row's controls went), and the DDTV row got none.
    await expect.poll(() => ddtvRow.getAttribute('tabindex')).toBe('0');
    await controls.waitFor({ state: 'detached' });
    expect(await ddtvRow.locator('.room-controls').count()).toBe(0);
    expect(await page.locator('form.add-room').count()).toBe(0); // adding rooms: BililiveRecorder's
  });
});
