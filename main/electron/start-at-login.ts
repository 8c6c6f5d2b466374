import { defaultAutostartDir, XdgAutostart } from '../adapters/xdg-autostart';
import type { SettingsStore } from '../adapters/settings-store';
import type { Logger } from '../core/ports';
import { HIDDEN_ARG, loginItemState, setStartAtLogin, type LoginItemDeps } from './login-item';
import { neededSwitches } from '../features/updates/core/relaunch';
import { autostartExecutable, loginItemAtStart, startAtLoginToApply } from './startup';

/**
 * This platform's login items: Electron's on Windows and macOS, an XDG autostart entry on Linux.
 * The entry starts the AppImage file (not its mount) with the switches this run needed to start
 * (`--no-sandbox` where the AppImage's AppRun found the sandbox unusable: electron#42510).
 */
export function platformLoginItems(input: {
  app: LoginItemDeps['app'];
  platform: NodeJS.Platform;
  execPath: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
}): LoginItemDeps & { autostart: XdgAutostart } {
  return {
    app: input.app,
    platform: input.platform,
    execPath: input.execPath,
    autostart: new XdgAutostart({
      dir: defaultAutostartDir(input.env),
      entry: {
        name: 'Recorder Tray',
        executable: autostartExecutable(input.env, input.execPath),
        args: [...neededSwitches(input.argv), HIDDEN_ARG],
        comment: 'Tray companion for BililiveRecorder',
      },
    }),
  };
}

/**
 * Keeps the OS's login item and the `startAtLogin` setting together; returns the unsubscribe. At
 * start (installed app only) it reads the OS first (loginItemAtStart): a missing or moved entry is
 * repaired, one the user switched off in the OS is left off and the setting follows it. Afterwards
 * each change of the setting is applied.
 */
export function reconcileStartAtLogin(deps: {
  store: Pick<SettingsStore, 'get' | 'onChange' | 'update'>;
  loginItems: LoginItemDeps;
  isPackaged: boolean;
  log: Logger;
}): () => void {
  const { log } = deps;
  const apply = (enabled: boolean) =>
    setStartAtLogin(deps.loginItems, enabled).catch((error: unknown) =>
      log.error(`start at login: could not switch it ${enabled ? 'on' : 'off'}: ${String(error)}`),
    );
  // The setting taken over from the OS is not applied back to it.
  let adopted: boolean | undefined;
  const unsubscribe = deps.store.onChange((next, previous) => {
    if (adopted !== undefined && next.startAtLogin === adopted) {
      adopted = undefined;
      return;
    }
    const enabled = startAtLoginToApply(previous, next, deps.isPackaged);
    if (enabled !== undefined) void apply(enabled);
  });
  if (deps.isPackaged) {
    void (async () => {
      const setting = deps.store.get().startAtLogin;
      const state = await loginItemState(deps.loginItems);
      const start = loginItemAtStart(setting, state);
      if (start.apply !== undefined) {
        log.info(
          `start at login: the login item is ${state}; switching it ${start.apply ? 'on' : 'off'}`,
        );
        await apply(start.apply);
      }
      if (start.adopt !== undefined) {
        log.info(`start at login: the login item is ${state} in the OS; the setting follows`);
        adopted = start.adopt;
        await deps.store.update({ startAtLogin: start.adopt });
      }
    })().catch((error: unknown) =>
      log.error(`start at login: could not read the login item: ${String(error)}`),
    );
  }
  return unsubscribe;
}
