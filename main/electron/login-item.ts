import type { App } from 'electron';
import type { XdgAutostart } from '../adapters/xdg-autostart';

/** The argument a login start passes, so the app starts in the tray without opening its window. */
export const HIDDEN_ARG = '--hidden';

/** What the login item glue needs. */
export interface LoginItemDeps {
  app: Pick<App, 'setLoginItemSettings' | 'getLoginItemSettings'>;
  platform: NodeJS.Platform;
  /** The executable Windows starts (process.execPath). */
  execPath: string;
  /** Linux: the XDG autostart entry. */
  autostart: Pick<XdgAutostart, 'set' | 'state'>;
}

/**
 * The OS's login item for this app: none, on, switched off by the user (Task Manager → Startup,
 * System Settings → Login Items, a desktop's autostart settings), or one that starts another copy.
 */
export type LoginItemState = 'missing' | 'enabled' | 'disabled' | 'moved';

/** Switches start-at-login on or off, the way each platform does it. */
export async function setStartAtLogin(deps: LoginItemDeps, enabled: boolean): Promise<void> {
  switch (deps.platform) {
    case 'win32':
      deps.app.setLoginItemSettings({
        openAtLogin: enabled,
        path: deps.execPath,
        args: [HIDDEN_ARG],
      });
      return;
    case 'darwin':
      // macOS passes no arguments to login items; wasLaunchedHidden reads wasOpenedAtLogin instead.
      deps.app.setLoginItemSettings({ openAtLogin: enabled });
      return;
    default:
      await deps.autostart.set(enabled);
  }
}

/** Reads the login item's state from the OS, without changing it. */
export async function loginItemState(deps: LoginItemDeps): Promise<LoginItemState> {
  switch (deps.platform) {
    case 'win32': {
      const settings = deps.app.getLoginItemSettings({ path: deps.execPath, args: [HIDDEN_ARG] });
      // launchItems are the Run entries starting this executable; `enabled` is false when the user
      // switched the entry off in Task Manager (its StartupApproved value).
      const items = settings.launchItems;
      if (items.length > 0 && items.every((item) => !item.enabled)) return 'disabled';
      if (settings.openAtLogin) return 'enabled';
      return items.length > 0 ? 'moved' : 'missing';
    }
    case 'darwin': {
      const { status, openAtLogin } = deps.app.getLoginItemSettings();
      // macOS 13+ (SMAppService): 'requires-approval' is a login item the user switched off.
      if (status === 'requires-approval') return 'disabled';
      if (status === 'enabled' || openAtLogin) return 'enabled';
      return 'missing';
    }
    default:
      return deps.autostart.state();
  }
}

/** Whether this launch came from login (start in the tray, no window). */
export function wasLaunchedHidden(
  argv: readonly string[],
  platform: NodeJS.Platform,
  app: Pick<App, 'getLoginItemSettings'>,
): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin;
}
