import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { popupsBlockedText } from '../../../shared/i18n/popups-blocked';
import { Language } from '../../../shared/settings';
import { launchChromium } from '../../helpers/chromium';
import { startPreviewSession, type PreviewSession } from '../../helpers/preview-session';
import { openWindow, setLanguage, showView } from '../../helpers/window-page';

let browser: Browser;
let session: PreviewSession;
let binDir: string;

// The words a notify-send prints when no notification daemon answers on the session bus.
const NO_DAEMON = 'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: no notification daemon';

beforeAll(async () => {
  // A notify-send that fails as it does on a desktop without a notification daemon.
  binDir = await mkdtemp(join(tmpdir(), 'no-daemon-'));
  const fake = join(binDir, 'notify-send');
  await writeFile(fake, `#!/bin/sh\necho '${NO_DAEMON}' >&2\nexit 1\n`);
  await chmod(fake, 0o755);
  [session, browser] = await Promise.all([
    startPreviewSession({
      rooms: 3,
      desktopPopups: true,
      env: { PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` },
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  if (binDir) await rm(binDir, { recursive: true, force: true });
});

it('says in the window when popups do not get through, where to allow them, and the system words, in both languages', async () => {
  const { page } = await openWindow(browser, session.uiUrl, { width: 420, height: 600 });
  await showView(page, 'rooms');
  const banner = page.locator('.notice-popups');
  expect(await banner.count()).toBe(0);

  await session.recorder.setLive(session.recorder.state.rooms[0]!.roomId, true);
  for (const language of Language.options) {
    await setLanguage(page, language);
    const { title, hint } = popupsBlockedText(language, process.platform);
    await vi.waitFor(
      async () => {
        expect(await banner.getByText(title).count()).toBe(1);
        expect(await banner.getByText(hint).count()).toBe(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await banner.textContent()).toContain('no notification daemon');
  }
});
