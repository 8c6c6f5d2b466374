// The smoke test's shared half (tools/smoke/smoke-run.ts) against the headless host: the same
// steps the release workflow runs against each OS's installed app, with headless mode's standard
// output as the log it reads and its --data-dir as the data folder.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSmoke, type LaunchedApp } from '../../../tools/smoke/smoke-run';
import { summaryMarkdown } from '../../../tools/smoke/summary';
import { webhookUrlOfLine } from '../../../tools/smoke/log-lines';
import { CLOSED_LIVE_API_HOST, headlessBundle, PROJECT_ROOT } from '../../helpers/headless-process';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Headless mode on any free port with its standard output (JSON lines) going to `logFile`. */
function launchHeadless(dataDir: string, logFile: string, extra: string[] = []): LaunchedApp {
  const out = openSync(logFile, 'a');
  const args = [
    headlessBundle(),
    '--no-update-check',
    '--live-api-host',
    CLOSED_LIVE_API_HOST,
    '--no-desktop',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...extra,
  ];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', out, 'pipe'],
  });
  closeSync(out);
  child.stderr?.resume();
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return Object.assign({ pid: child.pid!, exited }, { child });
}

/** Stops headless mode as a user does: Ctrl+C on Linux and macOS, `stop` on Windows. */
function quitHeadless(app: LaunchedApp): void {
  const { child } = app as LaunchedApp & { child: ReturnType<typeof spawn> };
  if (process.platform === 'win32') child.stdin!.write('stop\n');
  else child.kill('SIGINT');
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'smoke-'));
  dirs.push(dir);
  return dir;
}

describe('the smoke run against headless mode', () => {
  it('finds the ready line, gets 204 for a recorded FileClosed, measures, quits and finds the file saved', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'data');
    const logFile = join(dir, 'headless.log');
    const figures = await runSmoke({
      launch: () => launchHeadless(dataDir, logFile),
      quit: quitHeadless,
      logFile,
      dataDir,
      settleMs: 0,
    });
    expect(figures.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    expect(figures.exitCode).toBe(0);
    expect(figures.readyMs).toBeGreaterThan(0);
    // Headless mode is one Node process of some tens of MB.
    expect(figures.memory.processes).toBeGreaterThanOrEqual(1);
    expect(figures.memory.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    const markdown = summaryMarkdown('headless on this machine', figures);
    expect(markdown).toContain(`| ${Math.round(figures.readyMs)} ms |`);
  }, 60_000);

  it("reads only lines written after the launch: an older run's ready line is not taken", async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'data');
    const logFile = join(dir, 'headless.log');
    const first = await runSmoke({
      launch: () => launchHeadless(dataDir, logFile),
      quit: quitHeadless,
      logFile,
      dataDir,
      settleMs: 0,
    });
    const second = await runSmoke({
      launch: () => launchHeadless(dataDir, logFile),
      quit: quitHeadless,
      logFile,
      dataDir,
      settleMs: 0,
    });
    // The log holds both runs' ready lines; each run took its own.
    const urls = (await readFile(logFile, 'utf8'))
      .split('\n')
      .map(webhookUrlOfLine)
      .filter((url) => url !== null);
    expect(urls).toEqual([first.webhookUrl, second.webhookUrl]);
  }, 60_000);

  it('fails with the reason and the log when the app exits before its ready line', async () => {
    const dir = await tempDir();
    const logFile = join(dir, 'headless.log');
    await expect(
      runSmoke({
        launch: () => launchHeadless(join(dir, 'data'), logFile, ['--port', 'not-a-port']),
        quit: quitHeadless,
        logFile,
        dataDir: join(dir, 'data'),
        settleMs: 0,
      }),
    ).rejects.toThrow(/the app exited \(2\) before the line came.*\n.*"type":"error"/s);
  }, 60_000);
});
