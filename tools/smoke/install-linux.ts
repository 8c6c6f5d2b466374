// Linux: the .deb installed with apt as a user does (`apt-get install ./file.deb`; it brings the
// AppArmor profile that lets Chromium's sandbox run on Ubuntu 24.04), removed with apt; and the
// AppImage, made executable and run from where it lies.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { quitWithSigterm, type InstalledApp } from './installed-app';
import { processRows } from './process-memory';
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
 * Runs the AppImage in place. `--no-sandbox`: its chrome-sandbox cannot be setuid inside the
 * AppImage's mount, and Ubuntu 24.04's AppArmor refuses the user-namespace sandbox
 * (https://github.com/electron/electron/issues/42510). APPIMAGE_EXTRACT_AND_RUN: a runner may lack
 * FUSE, which mounting the AppImage needs; the type 2 runtime then extracts it instead.
 */
export async function installAppImage(appImage: string): Promise<InstalledApp> {
  await chmod(appImage, 0o755);
  return {
    title: 'Linux, AppImage',
    executable: path.resolve(appImage),
    args: ['--no-sandbox'],
    env: { APPIMAGE_EXTRACT_AND_RUN: '1' },
    quit: quitAppImage,
    uninstall: async () => [],
  };
}

/**
 * The launched process is the AppImage's runtime, which runs the app as its child and does not pass
 * signals on: SIGTERM goes to that child, Electron's main process; the runtime ends after it.
 */
async function quitAppImage(app: LaunchedApp): Promise<void> {
  const children = (await processRows()).filter((row) => row.ppid === app.pid);
  if (children.length === 0) throw new Error(`the AppImage's runtime ${app.pid} runs no app`);
  for (const child of children) process.kill(child.pid, 'SIGTERM');
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
