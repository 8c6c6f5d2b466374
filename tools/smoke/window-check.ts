// `tsx tools/smoke/window-check.ts <executable of the inspect build>`: the packaged app's window,
// driven by Playwright's _electron (tools/smoke/inspect-build.ts made the build it needs): the
// window loads app:// with no CSP error, the Rooms view shows a room a recorded webhook brought,
// and Electron says popups are supported. Exits 1 with what failed.
import { homedir } from 'node:os';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { installedAppLocations } from './app-locations';
import { fileEnd, waitForLine, webhookUrlOfLine } from './log-lines';
import { postWebhook, readRecordedWebhook } from './post-webhook';
import { reportFigures } from './summary';

/**
 * The window showing app://: not simply the first one, since on Windows the app also makes a
 * hidden window to hear of the session's end (main/electron/desktop-app.ts: hiddenWindow).
 */
async function appWindow(app: ElectronApplication, timeoutMs: number): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = app.windows().find((candidate) => candidate.url().startsWith('app://'));
    if (page !== undefined) return page;
    if (Date.now() > deadline)
      throw new Error(
        `no window at app:// within ${timeoutMs} ms (${app
          .windows()
          .map((w) => w.url())
          .join(', ')})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const executablePath = process.argv[2];
if (executablePath === undefined) {
  console.error('usage: tsx tools/smoke/window-check.ts <executable>');
  process.exit(2);
}
const { logFile } = installedAppLocations(process.platform, process.env, homedir());
const webhook = await readRecordedWebhook();
const from = await fileEnd(logFile);
const app = await _electron.launch({ executablePath, args: [], timeout: 120_000 });
const problems: string[] = [];
try {
  const page = await appWindow(app, 60_000);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
  });
  // Loaded again with the listener on, so that errors of the first load are seen too.
  await page.reload({ waitUntil: 'load' });
  if (!page.url().startsWith('app://')) problems.push(`the window shows ${page.url()}`);
  const url = await waitForLine(logFile, webhookUrlOfLine, { from, timeoutMs: 60_000 });
  const status = await postWebhook(url, webhook);
  if (status !== 204) problems.push(`POST ${url} answered ${status}`);
  // The room of the FileClosed, by its streamer's name, in the Rooms view (the first view).
  const room = page.getByText(webhook.name).first();
  await room.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {
    problems.push('the Rooms view did not show the room the webhook named');
  });
  const supported = await app.evaluate(({ Notification }) => Notification.isSupported());
  if (!supported) problems.push('Notification.isSupported() is false');
  problems.push(...cspErrors.map((text) => `CSP: ${text}`));
  reportFigures(
    [
      '### Window check (inspect build)',
      '',
      `- window at \`${page.url()}\`; CSP errors: ${cspErrors.length}`,
      `- Rooms view shows the webhook's room: ${problems.some((p) => p.startsWith('the Rooms')) ? 'no' : 'yes'}`,
      `- Notification.isSupported(): ${supported}`,
      '',
    ].join('\n'),
  );
} finally {
  await app.close();
}
if (problems.length > 0) {
  console.error(`window check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('window check: passed');
