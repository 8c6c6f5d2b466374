import type { Settings } from '../../shared/settings';
import { defaultAutostartDir, XdgAutostart } from '../adapters/xdg-autostart';
import type { SettingsStore } from '../adapters/settings-store';
import type { Logger } from '../core/ports';
import { HIDDEN_ARG, setStartAtLogin, type LoginItemDeps } from './login-item';
import { autostartExecutable, startAtLoginToApply } from './startup';

/** The login item glue for this machine: Electron's login items, or an XDG autostart entry on Linux. */
export function loginItemDeps(input: {
  app: LoginItemDeps['app'];
  platform: NodeJS.Platform;
  execPath: string;
  env: NodeJS.ProcessEnv;
}): LoginItemDeps {
  return {
    app: input.app,
    platform: input.platform,
    execPath: input.execPath,
    autostart: new XdgAutostart({
      dir: defaultAutostartDir(input.env),
      entry: {
        name: 'Recorder Tray',
        executable: autostartExecutable(input.env, input.execPath),
        args: [HIDDEN_ARG],
        comment: 'Tray companion for BililiveRecorder',
      },
    }),
  };
}

/** Applies the `startAtLogin` setting now and on every change of it; returns the unsubscribe. */
export function syncStartAtLogin(deps: {
  store: Pick<SettingsStore, 'get' | 'onChange'>;
  loginItems: LoginItemDeps;
  isPackaged: boolean;
  log: Logger;
}): () => void {
  const apply = (previous: Settings | undefined, next: Settings) => {
    const enabled = startAtLoginToApply(previous, next, deps.isPackaged);
    if (enabled === undefined) return;
    setStartAtLogin(deps.loginItems, enabled).catch((error: unknown) =>
      deps.log.error(
        `start at login: could not switch it ${enabled ? 'on' : 'off'}: ${String(error)}`,
      ),
    );
  };
  apply(undefined, deps.store.get());
  return deps.store.onChange((next, previous) => apply(previous, next));
}
