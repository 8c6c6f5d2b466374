import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../shared/settings';
import type { SettingsListener } from '../../main/adapters/settings-store';
import type { LoginItemDeps } from '../../main/electron/login-item';
import { platformLoginItems, reconcileStartAtLogin } from '../../main/electron/start-at-login';
import { memoryLogger } from '../fakes/silent-logger';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A settings store in memory: `change` plays a saved update. */
function memoryStore(initial: Partial<Settings> = {}) {
  let settings: Settings = { ...defaultSettings(), ...initial };
  const listeners = new Set<SettingsListener>();
  return {
    get: () => settings,
    onChange: (listener: SettingsListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: async (patch: Partial<Settings>) => {
      const previous = settings;
      settings = { ...settings, ...patch };
      for (const listener of listeners) listener(settings, previous);
      return { ok: true as const, settings };
    },
    change(patch: Partial<Settings>) {
      const previous = settings;
      settings = { ...settings, ...patch };
      for (const listener of listeners) listener(settings, previous);
    },
    listenerCount: () => listeners.size,
  };
}

const noLoginItems: LoginItemDeps['app'] = {
  setLoginItemSettings: () => undefined,
  getLoginItemSettings: () => {
    throw new Error('not used');
  },
};

describe('reconcileStartAtLogin', () => {
  it('writes the Linux autostart entry for the executable with --hidden, and removes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-at-login-'));
    dirs.push(dir);
    const loginItems = platformLoginItems({
      app: noLoginItems,
      platform: 'linux',
      execPath: '/opt/Recorder Tray/recorder-tray',
      argv: ['/opt/Recorder Tray/recorder-tray'],
      env: { XDG_CONFIG_HOME: dir },
    });
    const store = memoryStore({ startAtLogin: true });
    const stop = reconcileStartAtLogin({
      store,
      loginItems,
      isPackaged: true,
      log: memoryLogger(),
    });
    const entry = join(dir, 'autostart', 'recorder-tray.desktop');
    await expect.poll(() => loginItems.autostart.state()).toBe('enabled');
    expect(await readFile(entry, 'utf8')).toContain(
      'Exec="/opt/Recorder Tray/recorder-tray" --hidden',
    );
    store.change({ startAtLogin: false });
    await expect.poll(() => loginItems.autostart.state()).toBe('missing');
    stop();
    expect(store.listenerCount()).toBe(0);
  });

  it('logs a failure to switch it instead of throwing', async () => {
    const log = memoryLogger();
    const loginItems: LoginItemDeps = {
      app: noLoginItems,
      platform: 'linux',
      execPath: '/x',
      autostart: {
        set: async () => {
          throw new Error('EACCES: permission denied');
        },
        state: async () => 'missing',
      },
    };
    const store = memoryStore();
    reconcileStartAtLogin({ store, loginItems, isPackaged: true, log });
    store.change({ startAtLogin: true });
    await expect
      .poll(() => log.lines)
      .toContain('error start at login: could not switch it on: Error: EACCES: permission denied');
  });
});
