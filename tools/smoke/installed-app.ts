// What each OS's install step hands the shared half: how to start the installed app, how to make
// it quit, and how to remove it again, saying what it left behind.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultSettings } from '../../shared/settings';
import type { LaunchedApp } from './smoke-run';

/** An app installed the way a user installs it. */
export interface InstalledApp {
  /** What the job summary calls it: "Windows, NSIS installer". */
  title: string;
  executable: string;
  /** Arguments the app needs on this runner (the AppImage's --no-sandbox). */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Asks the running app to quit as a user would. */
  quit(app: LaunchedApp): Promise<void>;
  /** Removes it the OS's way; resolves with what is left that should not be (empty: clean). */
  uninstall(): Promise<string[]>;
}

/**
 * The settings a smoke run starts with, written only when the data folder has none: stored
 * settings make it no first run, so `--hidden` keeps the window closed (the memory is measured
 * with the window closed); start at login is on where the uninstaller must then remove it.
 */
export async function seedSettings(dataDir: string, startAtLogin: boolean): Promise<void> {
  const file = path.join(dataDir, 'settings.json');
  if (existsSync(file)) return;
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ ...defaultSettings(), startAtLogin }, null, 2));
}

/** Starts the installed app in the tray (`--hidden`), its output inherited into the job's log. */
export function launchInstalled(app: InstalledApp): LaunchedApp {
  const child = spawn(app.executable, ['--hidden', ...app.args], {
    env: { ...process.env, ...app.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  if (child.pid === undefined) throw new Error(`${app.executable} did not start`);
  return { pid: child.pid, exited };
}

/** Quits a POSIX app with SIGTERM, which Electron turns into app.quit() (so before-quit runs). */
export async function quitWithSigterm(app: LaunchedApp): Promise<void> {
  process.kill(app.pid, 'SIGTERM');
}
