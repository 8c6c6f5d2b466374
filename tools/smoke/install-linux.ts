// Linux: the .deb installed with apt as a user does (`apt-get install ./file.deb`; it brings the
// AppArmor profile that lets Chromium's sandbox run on Ubuntu 24.04), removed with apt; and the
// AppImage, made executable and run from where it lies.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { quitWithSigterm, type InstalledApp } from './installed-app';
import { treeRows } from './process-memory';
import type { LaunchedApp } from './smoke-run';

const run = promisify(execFile);

/** Where the deb puts the app (electron-builder's linux target: /opt/<productName>/<executableName>). */
const DEB_EXECUTABLE = '/opt/Recorder Tray/recorder-tray';

/** Installs the .deb with apt (through sudo unless root). */
export async function installDeb(deb: string): Promise<InstalledApp> {
  await asRoot(['apt-get', 'install', '-y', path.resolve(deb)]);
  if (!existsSync(DEB_EXECUTABLE)) throw new Error(`the deb installed no ${DEB_EXECUTABLE}`);
  return {
    title: 'Linux, deb',
    executable: DEB_EXECUTABLE,
    args: [],
    env: {},
    quit: quitWithSigterm,
    uninstall: async () => {
      await asRoot(['apt-get', 'remove', '-y', 'recorder-tray']);
      return existsSync(DEB_EXECUTABLE) ? [`${DEB_EXECUTABLE} is still there`] : [];
    },
  };
}

/**
 * Runs the AppImage in place, mounted by its own runtime: electron-builder.yml's static runtime
 * (toolsets.appimage) needs no libfuse2, which Ubuntu 24.04 no longer installs; the workflow
 * removes it from the runner first, so a FUSE 2 runtime would fail here as on a user's desktop.
 * `--no-sandbox`: its chrome-sandbox cannot be setuid inside the AppImage's mount, and Ubuntu
 * 24.04's AppArmor refuses the user-namespace sandbox
 * (https://github.com/electron/electron/issues/42510).
 */
export async function installAppImage(appImage: string): Promise<InstalledApp> {
  await chmod(appImage, 0o755);
  return {
    title: 'Linux, AppImage',
    executable: path.resolve(appImage),
    args: ['--no-sandbox'],
    env: {},
    quit: quitAppImage,
    uninstall: async () => [],
  };
}

/** A process with its command line, from `ps -A -o pid=,ppid=,args=`. */
export interface CommandRow {
  pid: number;
  ppid: number;
  args: string;
}

/** `ps -A -o pid=,ppid=,args=` output as rows. */
export function parseCommandRows(text: string): CommandRow[] {
  const rows: CommandRow[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match) rows.push({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! });
  }
  return rows;
}

/**
 * Electron's main process in the tree under `root`: the first, walking down from the root, that
 * runs `recorder-tray` without `--type=` (its helpers carry `--type=renderer`, `--type=zygote`…).
 * For an AppImage the root may be its runtime, which runs the app as a child.
 */
export function electronMainOf(rows: readonly CommandRow[], root: number): number | undefined {
  const isMain = (row: CommandRow) =>
    /(^|\/)recorder-tray(\s|$)/.test(row.args) && !row.args.includes('--type=');
  return treeRows(rows, root).find(isMain)?.pid;
}

/**
 * The launched process may be the AppImage's runtime, which does not pass signals on to the app it
 * runs: SIGTERM goes to Electron's main process itself; the runtime ends after it.
 */
async function quitAppImage(app: LaunchedApp): Promise<void> {
  const { stdout } = await run('ps', ['-A', '-o', 'pid=,ppid=,args='], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const main = electronMainOf(parseCommandRows(stdout), app.pid);
  if (main === undefined) throw new Error(`no Electron main process under ${app.pid}`);
  process.kill(main, 'SIGTERM');
}

async function asRoot(command: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  const [program, ...args] = root ? command : ['sudo', ...command];
  const { stdout, stderr } = await run(program!, args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}
