import type { Settings } from '../../shared/settings';
import { HIDDEN_ARG, type LoginItemState } from './login-item';

/**
 * The Windows AppUserModelID: equal to `appId` in electron-builder.yml, which the NSIS installer
 * puts on the Start menu shortcut; toasts from any other id are not attributed to the app (and
 * their clicks do not come back to it).
 */
export const APP_USER_MODEL_ID = 'io.github.recorder-tray';

/**
 * The AppUserModelID to set on Windows: the installer's for the installed app. A development run has
 * no Start menu shortcut carrying that id, so Windows would drop its toasts; it uses the executable's
 * path instead, as Electron's notification docs advise.
 */
export function appUserModelId(isPackaged: boolean, execPath: string): string {
  return isPackaged ? APP_USER_MODEL_ID : execPath;
}

/** What a launch does first: the window, or only the tray. */
export interface StartupInput {
  /** Launched from login (`--hidden`, or macOS's wasOpenedAtLogin). */
  launchedHidden: boolean;
  /** No settings file was found: a first run, which needs the window to be set up. */
  firstRun: boolean;
}

/** Whether the window opens at start: yes, unless started at login (a first run always shows it). */
export function opensWindowAtStart(input: StartupInput): boolean {
  return input.firstRun || !input.launchedHidden;
}

/**
 * The argument that asks the running app to quit as its tray's Quit does (and starts nothing): how
 * a script, an installer or the release workflow's smoke test (tools/smoke/) ends it on Windows,
 * which has no signal a GUI process can catch.
 */
export const QUIT_ARG = '--quit';

/** Whether a launch only asks the running app to quit. */
export function asksToQuit(argv: readonly string[]): boolean {
  return argv.includes(QUIT_ARG);
}

/**
 * Whether a second launch shows the window: a user starting the app again wants to see it; a login
 * item firing while the app already runs (`--hidden`) does not, nor does a `--quit`.
 */
export function secondInstanceShowsWindow(argv: readonly string[]): boolean {
  return !argv.includes(HIDDEN_ARG) && !asksToQuit(argv);
}

/**
 * The start-at-login state to apply to the OS after a change of the setting, or undefined for none.
 * A development run (`npm start`) never touches login items: they would start a bare Electron at
 * login. (At start, loginItemAtStart decides from the OS's state.)
 */
export function startAtLoginToApply(
  previous: Settings | undefined,
  next: Settings,
  isPackaged: boolean,
): boolean | undefined {
  if (!isPackaged) return undefined;
  if (previous === undefined || previous.startAtLogin !== next.startAtLogin)
    return next.startAtLogin;
  return undefined;
}

/**
 * The program a Linux autostart entry starts: the AppImage file itself when running from one
 * (`process.execPath` is then inside a mount that is gone after logout), else the executable.
 */
export function autostartExecutable(env: NodeJS.ProcessEnv, execPath: string): string {
  const appImage = env.APPIMAGE;
  return appImage !== undefined && appImage !== '' ? appImage : execPath;
}

/** What a start of the installed app does about the login item, from the setting and the OS. */
export interface LoginItemStart {
  /** Write (true) or remove (false) the OS's entry. */
  apply?: boolean;
  /** Set the setting to this, so that the Settings switch shows what the OS will do. */
  adopt?: boolean;
}

/**
 * Repairs only a missing or moved entry, never one the user switched off in the OS (re-applying
 * `openAtLogin: true` at every start used to switch it back on); an entry switched off, or one the
 * user added in the OS, becomes the setting instead.
 */
export function loginItemAtStart(setting: boolean, state: LoginItemState): LoginItemStart {
  if (setting) {
    if (state === 'missing' || state === 'moved') return { apply: true };
    return state === 'disabled' ? { adopt: false } : {};
  }
  if (state === 'enabled') return { adopt: true };
  return state === 'moved' ? { apply: false } : {};
}
