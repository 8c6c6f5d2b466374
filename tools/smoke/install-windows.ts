// Windows: the NSIS installer run silently for the current user, as a user's double-click with the
// defaults installs it (electron-builder's assisted installer reads /S and /currentuser), then its
// uninstaller. What must be gone after: the start-at-login Run value and the Start-menu shortcut.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRODUCT_NAME } from './app-locations';
import type { InstalledApp } from './installed-app';
import type { LaunchedApp } from './smoke-run';

const run = promisify(execFile);
const RUN_KEY = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';

/** The values of a `reg query <key>` listing: name, type, data. */
export function parseRegQuery(text: string): { name: string; data: string }[] {
  const values: { name: string; data: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^ {4}(.+?) {4}REG_\w+ {4}(.*)$/.exec(line);
    if (match) values.push({ name: match[1]!, data: match[2]! });
  }
  return values;
}

/** The Run values that start this app (any whose command names its executable). */
export async function runValuesOfApp(): Promise<string[]> {
  const { stdout } = await run('reg', ['query', RUN_KEY]).catch(() => ({ stdout: '' }));
  return parseRegQuery(stdout)
    .filter((value) => value.data.includes(`${PRODUCT_NAME}.exe`))
    .map((value) => `${value.name} = ${value.data}`);
}

/** The shortcut the installer (and Electron, for toasts) put in the user's Start menu. */
export function startMenuShortcut(env: NodeJS.ProcessEnv): string {
  return path.join(
    env.APPDATA ?? '',
    'Microsoft',
    'Windows',
    'Start Menu',
    'Programs',
    `${PRODUCT_NAME}.lnk`,
  );
}

/** Installs the NSIS installer for the current user and finds the app it installed. */
export async function installWindows(installer: string): Promise<InstalledApp> {
  const result = spawnSync(path.resolve(installer), ['/S', '/currentuser'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${installer} /S exited ${result.status}`);
  // Per user: under %LOCALAPPDATA%\Programs, in a folder named after the product (electron-builder's
  // getWindowsInstallationDirName; the package name when the product name would not do).
  const programs = path.join(process.env.LOCALAPPDATA ?? '', 'Programs');
  const dir = [PRODUCT_NAME, 'recorder-tray']
    .map((name) => path.join(programs, name))
    .find((candidate) => existsSync(path.join(candidate, `${PRODUCT_NAME}.exe`)));
  if (dir === undefined) throw new Error(`no ${PRODUCT_NAME}.exe under ${programs}`);
  const executable = path.join(dir, `${PRODUCT_NAME}.exe`);
  return {
    title: 'Windows, NSIS installer (per user)',
    executable,
    args: [],
    env: {},
    quit: (app) => quitWithArg(executable, app),
    uninstall: () => uninstallWindows(dir, executable),
  };
}

/** `Recorder Tray.exe --quit`: the running instance quits as from its tray (startup.ts: QUIT_ARG). */
async function quitWithArg(executable: string, _app: LaunchedApp): Promise<void> {
  await run(executable, ['--quit']);
}

async function uninstallWindows(dir: string, executable: string): Promise<string[]> {
  const shortcut = startMenuShortcut(process.env);
  const before = { run: await runValuesOfApp(), shortcut: existsSync(shortcut) };
  const left: string[] = [];
  // A check that finds nothing proves nothing unless the thing was there before.
  if (before.run.length === 0)
    left.push('(the app wrote no Run value while start at login was on)');
  if (!before.shortcut) left.push(`(there was no Start-menu shortcut ${shortcut} to remove)`);
  const uninstaller = path.join(dir, `Uninstall ${PRODUCT_NAME}.exe`);
  const result = spawnSync(uninstaller, ['/S'], { stdio: 'inherit' });
  if (result.status !== 0) left.push(`${uninstaller} /S exited ${result.status}`);
  // The uninstaller copies itself to a temporary folder and returns at once: wait for its work.
  const deadline = Date.now() + 120_000;
  while (existsSync(executable) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));
  if (existsSync(executable)) left.push(`${executable} is still there`);
  for (const value of await runValuesOfApp()) left.push(`Run value left: ${value}`);
  if (existsSync(shortcut)) left.push(`Start-menu shortcut left: ${shortcut}`);
  return left;
}
