import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confBackend,
  settingsBackendOptions,
  UNREADABLE_KEY,
  type SettingsBackendOptions,
} from '../../main/adapters/settings-backend';
import { SettingsStore } from '../../main/adapters/settings-store';
import { defaultSettings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-backend-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the conf backend of the settings store', () => {
  it('keeps settings.json in the data folder, pretty-printed, mode 0600', async () => {
    const backend = confBackend(settingsBackendOptions(dir, 'settings.json'));
    expect(backend.path).toBe(path.join(dir, 'settings.json'));
    backend.store = { version: 1, language: 'en' };
    const text = await readFile(backend.path, 'utf8');
    expect(text).toBe('{\n  "version": 1,\n  "language": "en"\n}\n');
    if (process.platform !== 'win32') expect((await stat(backend.path)).mode & 0o777).toBe(0o600);
  });

  it('reads a file with a BOM, and hands over bad JSON instead of throwing or emptying it', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '\uFEFF{"version": 1}');
    expect(confBackend(settingsBackendOptions(dir, 'settings.json')).store).toEqual({
      version: 1,
    });
    await writeFile(file, '[1, 2');
    const stored = confBackend(settingsBackendOptions(dir, 'settings.json')).store;
    expect(typeof stored[UNREADABLE_KEY]).toBe('string');
    expect(await readFile(file, 'utf8')).toBe('[1, 2');
  });

  it('is what SettingsStore opens by default; another factory (electron-store) gets the same options', async () => {
    const seen: SettingsBackendOptions[] = [];
    const store = await SettingsStore.open({
      dir,
      log: memoryLogger(),
      backend: (options) => {
        seen.push(options);
        return confBackend(options);
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      cwd: dir,
      configName: 'settings',
      fileExtension: 'json',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    await store.update({ startAtLogin: true });
    const reopened = await SettingsStore.open({ dir, log: memoryLogger() });
    expect(reopened.get()).toEqual({ ...defaultSettings(), startAtLogin: true });
  });
});
