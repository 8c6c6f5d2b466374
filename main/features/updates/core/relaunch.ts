// How the desktop app starts itself again after an update, or after one that failed.

/** What Electron's `app.relaunch` gets: nothing for its default (this executable, these arguments). */
export interface RelaunchTarget {
  execPath?: string;
  args?: string[];
}

/**
 * From an AppImage, the AppImage file (`$APPIMAGE`, or the new file an update renamed it to), not
 * `process.execPath`: that is inside the AppImage's mount, gone once this process exits. With this
 * run's arguments, which carry `--no-sandbox` when the AppImage's AppRun added it (Ubuntu 24.04
 * restricts unprivileged user namespaces: electron#42510) and `--hidden` after a login start.
 * Elsewhere Electron's default does that already.
 */
export function relaunchTarget(input: {
  appImage: string | undefined;
  argv: readonly string[];
  installedAs?: string | undefined;
}): RelaunchTarget {
  const file = input.installedAs ?? input.appImage;
  if (file === undefined || file === '') return {};
  return { execPath: file, args: input.argv.slice(1) };
}

/** Chromium switches a start of this app must keep: without them it cannot start here at all. */
const NEEDED_SWITCHES = new Set(['--no-sandbox', '--disable-gpu-sandbox']);

/**
 * The switches of this run that a start at login must carry too: the AppImage's AppRun adds
 * `--no-sandbox` where the sandbox cannot start (electron#42510), and a user may have added it.
 */
export function neededSwitches(argv: readonly string[]): string[] {
  return [...new Set(argv.slice(1).filter((arg) => NEEDED_SWITCHES.has(arg)))];
}
