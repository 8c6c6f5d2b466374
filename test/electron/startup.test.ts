import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings';
import {
  APP_USER_MODEL_ID,
  appUserModelId,
  autostartExecutable,
  opensWindowAtStart,
  secondInstanceShowsWindow,
  startAtLoginToApply,
} from '../../main/electron/startup';

describe('start-up decisions', () => {
  it('uses the installer appId as the AppUserModelID', () => {
    const yml = readFileSync(join(import.meta.dirname, '..', '..', 'electron-builder.yml'), 'utf8');
    expect(/^appId:\s*(\S+)/m.exec(yml)?.[1]).toBe(APP_USER_MODEL_ID);
  });

  it('uses the appId when installed, the executable in a development run', () => {
    expect(appUserModelId(true, 'C:\\Apps\\Recorder Tray.exe')).toBe(APP_USER_MODEL_ID);
    expect(appUserModelId(false, 'C:\\repo\\node_modules\\electron\\dist\\electron.exe')).toBe(
      'C:\\repo\\node_modules\\electron\\dist\\electron.exe',
    );
  });

  it('opens the window unless started at login, and always on a first run', () => {
    expect(opensWindowAtStart({ launchedHidden: false, firstRun: false })).toBe(true);
    expect(opensWindowAtStart({ launchedHidden: true, firstRun: false })).toBe(false);
    expect(opensWindowAtStart({ launchedHidden: true, firstRun: true })).toBe(true);
  });

  it('shows the window on a second launch, not on a second login start', () => {
    expect(secondInstanceShowsWindow(['/usr/bin/recorder-tray'])).toBe(true);
    expect(secondInstanceShowsWindow(['/usr/bin/recorder-tray', '--hidden'])).toBe(false);
  });

  it('applies start at login on start and on a change of the setting, only when installed', () => {
    const off = defaultSettings();
    const on = { ...off, startAtLogin: true };
    expect(startAtLoginToApply(undefined, off, true)).toBe(false);
    expect(startAtLoginToApply(undefined, on, true)).toBe(true);
    expect(startAtLoginToApply(off, on, true)).toBe(true);
    expect(startAtLoginToApply(on, off, true)).toBe(false);
    expect(startAtLoginToApply(on, { ...on, language: 'en' }, true)).toBeUndefined();
    expect(startAtLoginToApply(undefined, on, false)).toBeUndefined();
    expect(startAtLoginToApply(off, on, false)).toBeUndefined();
  });

  it('starts the AppImage file itself at login when running from one', () => {
    expect(
      autostartExecutable(
        { APPIMAGE: '/home/u/Recorder Tray.AppImage' },
        '/tmp/.mount_x/recorder-tray',
      ),
    ).toBe('/home/u/Recorder Tray.AppImage');
    expect(autostartExecutable({}, '/opt/Recorder Tray/recorder-tray')).toBe(
      '/opt/Recorder Tray/recorder-tray',
    );
    expect(autostartExecutable({ APPIMAGE: '' }, '/opt/x')).toBe('/opt/x');
  });
});
