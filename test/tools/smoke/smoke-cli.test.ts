// tools/smoke.ts end to end on the AppImage's path (make it executable, start it with its flags,
// the ready line in the installed app's log, 204, quit through the main process, what it saved,
// the job summary), with a stand-in for the packaged app: a script that runs headless mode as its
// child under the name `recorder-tray` and writes its lines to the desktop app's log file. The
// packaged Electron app cannot run here; the release workflow runs the same command on the real one.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSED_LIVE_API_HOST, headlessBundle, PROJECT_ROOT } from '../../helpers/headless-process';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * A stand-in AppImage: a shell script (the runtime) running `recorder-tray` (Node under that name)
 * on headless mode as its child, with the installed app's data folder and log file; it logs the
 * update route first, as the desktop app does at start (`install`: as if it held package-type deb).
 */
async function standInAppImage(dir: string, route = 'restart to update'): Promise<string> {
  const bin = join(dir, 'bin');
  await mkdir(bin);
  await symlink(process.execPath, join(bin, 'recorder-tray'));
  const data = join(dir, 'config', 'Recorder Tray');
  const script = join(dir, 'Recorder Tray-0.0.0.AppImage');
  const bundle = join(PROJECT_ROOT, headlessBundle());
  await writeFile(
    script,
    [
      '#!/bin/sh',
      `mkdir -p "${data}/logs"`,
      `echo '[2026-11-28 10:00:00.000] [info]  updates: ${route} (linux)' >> "${data}/logs/main.log"`,
      // The flags the smoke test passes (--hidden, --no-sandbox) are the desktop app's: not passed on.
      `"${bin}/recorder-tray" "${bundle}" --no-update-check --live-api-host ${CLOSED_LIVE_API_HOST} --no-desktop --port 0 --data-dir "${data}" >> "${data}/logs/main.log"`,
      '',
    ].join('\n'),
  );
  await chmod(script, 0o644); // the smoke test makes it executable, as a user does
  return script;
}

describe('tools/smoke.ts', () => {
  it('installs, starts, posts, measures, quits and reads back an AppImage, and writes the job summary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smoke-cli-'));
    dirs.push(dir);
    const appImage = await standInAppImage(dir);
    const summary = join(dir, 'step-summary');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/smoke.ts', appImage, '--settle-ms', '0'],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, XDG_CONFIG_HOME: join(dir, 'config'), GITHUB_STEP_SUMMARY: summary },
      },
    );
    expect(stdout).toContain('smoke: passed');
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toContain('### Smoke test: Linux, AppImage');
    expect(markdown).toContain('the route it was built for, `restart to update`');
    // The stand-in is the script and its child: two processes, measured together.
    expect(markdown).toMatch(
      /\| \d+ ms \| [\d.]+ MiB \| 2 \| 0 s after launch, window closed \| 0 \|/,
    );
    // Stored settings made it no first run (so --hidden keeps the window closed).
    const settings = JSON.parse(
      await readFile(join(dir, 'config', 'Recorder Tray', 'settings.json'), 'utf8'),
    ) as { startAtLogin: boolean };
    expect(settings.startAtLogin).toBe(false);
  }, 60_000);

  it("fails an AppImage that logs the deb's update route", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smoke-cli-'));
    dirs.push(dir);
    const appImage = await standInAppImage(dir, 'install');
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/smoke.ts', appImage, '--settle-ms', '0'],
      { cwd: PROJECT_ROOT, env: { ...process.env, XDG_CONFIG_HOME: join(dir, 'config') } },
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain(
      'the app took the update route "install", not "restart to update"',
    );
  }, 60_000);

  it('refuses a file that is no installer it knows, before touching anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smoke-cli-'));
    dirs.push(dir);
    const failure = await run(process.execPath, ['--import', 'tsx', 'tools/smoke.ts', 'x.msi'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: dir },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain(
      'x.msi: not an installer the smoke test knows',
    );
    expect(await readdir(dir)).toEqual([]);
  }, 30_000);
});
