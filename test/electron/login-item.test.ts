import type { LoginItemSettings, Settings } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  HIDDEN_ARG,
  loginItemState,
  setStartAtLogin,
  wasLaunchedHidden,
  type LoginItemDeps,
} from '../../main/electron/login-item';

function setup(platform: NodeJS.Platform, wasOpenedAtLogin = false) {
  const set: Settings[] = [];
  const autostart: boolean[] = [];
  let openAtLogin = false;
  const deps: LoginItemDeps = {
    platform,
    execPath: 'C:\\Program Files\\Recorder Tray\\Recorder Tray.exe',
    app: {
      setLoginItemSettings: (settings) => {
        set.push(settings);
        openAtLogin = settings.openAtLogin ?? false;
      },
      // Windows lists the Run entry of the executable while it is registered.
      getLoginItemSettings: () =>
        ({
          openAtLogin,
          wasOpenedAtLogin,
          status: openAtLogin ? 'enabled' : 'not-registered',
          launchItems: openAtLogin ? [{ name: 'Recorder Tray', enabled: true }] : [],
        }) as LoginItemSettings,
    },
    autostart: {
      set: async (enabled) => {
        autostart.push(enabled);
      },
      state: async () => ((autostart.at(-1) ?? false) ? 'enabled' : 'missing'),
    },
  };
  return { deps, set, autostart };
}

describe('login item', () => {
  it('on Windows registers the executable with --hidden', async () => {
    const { deps, set, autostart } = setup('win32');
    await setStartAtLogin(deps, true);
    expect(set).toEqual([{ openAtLogin: true, path: deps.execPath, args: [HIDDEN_ARG] }]);
    expect(await loginItemState(deps)).toBe('enabled');
    expect(autostart).toEqual([]);
  });

  it('on macOS uses the login item without arguments', async () => {
    const { deps, set } = setup('darwin');
    await setStartAtLogin(deps, true);
    await setStartAtLogin(deps, false);
    expect(set).toEqual([{ openAtLogin: true }, { openAtLogin: false }]);
    expect(await loginItemState(deps)).toBe('missing');
  });

  it('on Linux writes the XDG autostart entry', async () => {
    const { deps, set, autostart } = setup('linux');
    await setStartAtLogin(deps, true);
    expect(autostart).toEqual([true]);
    expect(await loginItemState(deps)).toBe('enabled');
    expect(set).toEqual([]);
  });

  it('knows a login start by --hidden, or on macOS by wasOpenedAtLogin', () => {
    expect(wasLaunchedHidden(['app.exe', HIDDEN_ARG], 'win32', setup('win32').deps.app)).toBe(true);
    expect(wasLaunchedHidden(['app.exe'], 'win32', setup('win32').deps.app)).toBe(false);
    expect(wasLaunchedHidden(['app'], 'darwin', setup('darwin', true).deps.app)).toBe(true);
    expect(wasLaunchedHidden(['app'], 'linux', setup('linux', true).deps.app)).toBe(false);
  });
});
