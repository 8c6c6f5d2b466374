import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings';
import { mainBuildOptions } from '../../tools/build/main-bundle';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

// The entry point bundled with tools/build-app.ts's options, run in plain Node against a stub
// `electron` module (test/fakes/stub-electron): proves that main.ts wires the real module shapes,
// which type checks alone cannot (import forms, electron-log's own use of `electron`).
const root = join(import.meta.dirname, '..', '..');
const stubDir = join(root, 'test', 'fakes', 'stub-electron');
let work: string;
let bundle: string;

beforeAll(async () => {
  // Inside the repository, as the build's output is.
  await mkdir(join(root, 'test-output'), { recursive: true });
  work = await mkdtemp(join(root, 'test-output', 'main-entry-'));
  bundle = join(work, 'dist', 'main', 'main.js');
  // The build's own options (as shipped: minified), only written elsewhere.
  await build({ ...mainBuildOptions(root, false), outfile: bundle, logLevel: 'silent' });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

type Report = { event: string } & Record<string, unknown>;

/** Starts the bundle; collects what the stub reports. */
async function launch(name: string) {
  const userData = join(work, name, 'userData');
  const logs = join(work, name, 'logs');
  await mkdir(userData, { recursive: true });
  const settings = {
    ...defaultSettings(),
    language: 'en',
    listener: { host: '127.0.0.1', port: 0, token: '' },
    // No test reaches bilibili: room pictures come from a closed port.
    pictures: { enabled: true, liveApiHost: 'http://127.0.0.1:9' },
  };
  await writeFile(
    join(userData, 'settings.json'),
    JSON.stringify({
      ...settings,
      recorders: settings.recorders.map((r) => ({ ...r, url: '' })),
    }),
  );
  const reports: Report[] = [];
  const child: ChildProcess = fork(bundle, [], {
    // A file URL: Node's ESM loader refuses `--import C:\…` on Windows (no URL scheme).
    execArgv: ['--import', pathToFileURL(join(stubDir, 'register.mjs')).href],
    env: { ...process.env, STUB_ELECTRON_USER_DATA: userData, STUB_ELECTRON_LOGS: logs },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('message', (message) => reports.push(message as Report));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (event: string, match: (report: Report) => boolean = () => true) => {
    const found = () => reports.find((r) => r.event === event && match(r));
    try {
      await expect.poll(() => found() !== undefined, { timeout: 15_000 }).toBe(true);
    } catch {
      throw new Error(`no ${event} report; the process wrote:\n${output}`);
    }
    return found()!;
  };
  return { child, reports, waitFor, exited, logs };
}

// A child process on a shared machine: the default 20 s can run out under load.
describe('the bundled entry point', () => {
  it(
    'starts against Electron-shaped modules: scheme, window, tray, log file; popups; quits from the tray',
    { timeout: 60_000 },
    async () => {
      const app = await launch('run');
      try {
        const schemes = await app.waitFor('registerSchemesAsPrivileged');
        expect(schemes.schemes).toEqual([expect.objectContaining({ scheme: 'app' })]);
        await app.waitFor('protocol.handle', (r) => r.scheme === 'app');
        const window = await app.waitFor('BrowserWindow');
        expect(window.options).toMatchObject({
          webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
        });
        expect(
          (window.options as { webPreferences: { preload: string } }).webPreferences.preload,
        ).toBe(join(work, 'dist', 'preload', 'preload.cjs'));
        await app.waitFor('loadURL', (r) => r.url === 'app://recorder-tray/index.html');
        const tray = await app.waitFor('Tray');
        expect(tray.image).toBe(join(work, 'dist', 'icons', 'tray', 'tray-idle.png'));
        await app.waitFor('tray.setContextMenu');

        await expect
          .poll(
            async () =>
              existsSync(join(app.logs, 'main.log'))
                ? readFile(join(app.logs, 'main.log'), 'utf8')
                : '',
            { timeout: 15_000 },
          )
          .toMatch(/started 0\.0\.0-stub; webhook URL (http:\S+)/);
        const log = await readFile(join(app.logs, 'main.log'), 'utf8');
        const webhookUrl = /webhook URL (http:\S+)/.exec(log)![1]!;
        const response = await postWebhook(
          webhookUrl,
          fixtureText('synthesized/webhook-v2-StreamStarted.json'),
        );
        expect(response.status).toBe(204);
        await app.waitFor('Notification', (r) => r.title === '3号直播间 is live');
        await app.waitFor('tray.setImage', (r) => String(r.image).endsWith('tray-recording.png'));

        app.child.send({ click: 'quit' });
        expect(await app.exited).toBe(0);
        await expect(postWebhook(webhookUrl, '{}')).rejects.toThrow();
        expect(app.reports.filter((r) => r.event === 'app.quit').at(-1)).toMatchObject({
          prevented: false,
        });
      } finally {
        if (app.child.exitCode === null) app.child.kill('SIGKILL');
      }
    },
  );
});
