import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginItemSettings } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../shared/settings';
import type { SettingsListener } from '../../main/adapters/settings-store';
import { HIDDEN_ARG, loginItemState, type LoginItemDeps } from '../../main/electron/login-item';
import { platformLoginItems, reconcileStartAtLogin } from '../../main/electron/start-at-login';
import { loginItemAtStart } from '../../main/electron/startup';
import { memoryLogger } from '../fakes/silent-logger';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const exe = 'C:\\Program Files\\Recorder Tray\\Recorder Tray.exe';

function windowsApp(settings: Partial<LoginItemSettings>) {
  const set: unknown[] = [];
  const app: LoginItemDeps['app'] = {
    setLoginItemSettings: (value) => set.push(value),
    getLoginItemSettings: () =>
      ({ openAtLogin: false, launchItems: [], ...settings }) as LoginItemSettings,
  };
  return { app, set };
}

const launchItem = (enabled: boolean, args = [HIDDEN_ARG]) => ({
  name: 'io.github.recorder-tray',
  path: exe,
  args,
  scope: 'user' as const,
  enabled,
});

function deps(platform: NodeJS.Platform, app: LoginItemDeps['app']): LoginItemDeps {
  const never = async () => {
    throw new Error('not used');
  };
  return {
    app,
    platform,
    execPath: exe,
    autostart: { set: never, state: never },
  };
}

describe('loginItemState', () => {
  it('reads Windows: on, switched off in Task Manager, another entry, none', async () => {
    const on = windowsApp({ openAtLogin: true, launchItems: [launchItem(true)] });
    expect(await loginItemState(deps('win32', on.app))).toBe('enabled');
    const off = windowsApp({ openAtLogin: true, launchItems: [launchItem(false)] });
    expect(await loginItemState(deps('win32', off.app))).toBe('disabled');
    const other = windowsApp({ launchItems: [launchItem(true, [])] });
    expect(await loginItemState(deps('win32', other.app))).toBe('moved');
    expect(await loginItemState(deps('win32', windowsApp({}).app))).toBe('missing');
  });

  it('reads macOS: requires-approval is a login item the user switched off', async () => {
    const mac = (status: LoginItemSettings['status']) =>
      loginItemState(deps('darwin', windowsApp({ status }).app));
    expect(await mac('requires-approval')).toBe('disabled');
    expect(await mac('enabled')).toBe('enabled');
    expect(await mac('not-registered')).toBe('missing');
  });

  it('reads a Linux autostart entry: Hidden, X-GNOME-Autostart-enabled=false, another Exec', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'login-item-state-'));
    dirs.push(dir);
    const linux = platformLoginItems({
      app: windowsApp({}).app,
      platform: 'linux',
      execPath: '/opt/Recorder Tray/recorder-tray',
      argv: ['/opt/Recorder Tray/recorder-tray'],
      env: { XDG_CONFIG_HOME: dir },
    });
    expect(await loginItemState(linux)).toBe('missing');
    await linux.autostart.set(true);
    expect(await loginItemState(linux)).toBe('enabled');
    const file = join(dir, 'autostart', 'recorder-tray.desktop');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}Hidden=true\n`);
    expect(await loginItemState(linux)).toBe('disabled');
    await writeFile(
      file,
      text.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'),
    );
    expect(await loginItemState(linux)).toBe('disabled');
    await writeFile(
      file,
      text.replace('/opt/Recorder Tray/recorder-tray', '/home/me/Old.AppImage'),
    );
    expect(await loginItemState(linux)).toBe('moved');
  });
});

describe('loginItemAtStart', () => {
  it('repairs a missing or moved entry, never a disabled one, and lets the setting follow the OS', () => {
    expect(loginItemAtStart(true, 'missing')).toEqual({ apply: true });
    expect(loginItemAtStart(true, 'moved')).toEqual({ apply: true });
    expect(loginItemAtStart(true, 'enabled')).toEqual({});
    expect(loginItemAtStart(true, 'disabled')).toEqual({ adopt: false });
    expect(loginItemAtStart(false, 'enabled')).toEqual({ adopt: true });
    expect(loginItemAtStart(false, 'moved')).toEqual({ apply: false });
    expect(loginItemAtStart(false, 'disabled')).toEqual({});
    expect(loginItemAtStart(false, 'missing')).toEqual({});
  });
});

function memoryStore(initial: Partial<Settings>) {
  let settings: Settings = { ...defaultSettings(), ...initial };
  const listeners = new Set<SettingsListener>();
  const update = async (patch: Partial<Settings>) => {
    const previous = settings;
    settings = { ...settings, ...patch };
    for (const listener of listeners) listener(settings, previous);
    return { ok: true as const, settings };
  };
  return {
    get: () => settings,
    update,
    onChange: (listener: SettingsListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('reconcileStartAtLogin at start', () => {
  it('leaves an entry switched off in Task Manager off, and the setting shows it', async () => {
    const { app, set } = windowsApp({ openAtLogin: true, launchItems: [launchItem(false)] });
    const store = memoryStore({ startAtLogin: true });
    const log = memoryLogger();
    reconcileStartAtLogin({ store, loginItems: deps('win32', app), isPackaged: true, log });
    await expect.poll(() => store.get().startAtLogin).toBe(false);
    expect(set).toEqual([]);
    expect(log.lines).toEqual([
      'info start at login: the login item is disabled in the OS; the setting follows',
    ]);
    await store.update({ startAtLogin: true }); // the user's own switch in Settings still applies
    expect(set).toEqual([{ openAtLogin: true, path: exe, args: [HIDDEN_ARG] }]);
  });

  it('repairs a missing entry, and touches nothing in a development run', async () => {
    const missing = windowsApp({});
    const log = memoryLogger();
    const store = memoryStore({ startAtLogin: true });
    reconcileStartAtLogin({ store, loginItems: deps('win32', missing.app), isPackaged: true, log });
    await expect
      .poll(() => missing.set)
      .toEqual([{ openAtLogin: true, path: exe, args: [HIDDEN_ARG] }]);
    const dev = windowsApp({});
    reconcileStartAtLogin({ store, loginItems: deps('win32', dev.app), isPackaged: false, log });
    await store.update({ startAtLogin: false });
    expect(dev.set).toEqual([]);
  });
});
