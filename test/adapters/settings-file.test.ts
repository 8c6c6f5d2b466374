import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  settingsBackendOptions,
  UNREADABLE_KEY,
  type SettingsBackendFactory,
  type SettingsBackendOptions,
} from '../../main/adapters/settings-backend';
import { settingsFileBackend } from '../../main/adapters/settings-file';
import { SettingsStore } from '../../main/adapters/settings-store';
import { defaultSettings } from '../../shared/settings';
import { confBackend } from '../fakes/conf-backend';
import { memoryLogger } from '../fakes/silent-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (backend: SettingsBackendFactory = settingsFileBackend) =>
  backend(settingsBackendOptions(dir, 'settings.json'));

describe("the settings file's backend", () => {
  it('keeps settings.json in the data folder, pretty-printed, mode 0600, no temp file left', async () => {
    const backend = open();
    expect(backend.path).toBe(path.join(dir, 'settings.json'));
    backend.store = { version: 1, language: 'en' };
    const text = await readFile(backend.path, 'utf8');
    expect(text).toBe('{\n  "version": 1,\n  "language": "en"\n}\n');
    if (process.platform !== 'win32') expect((await stat(backend.path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('reads a missing file as empty (making its folder), a BOM, and hands over bad JSON instead of throwing or emptying it', async () => {
    const nested = settingsFileBackend(settingsBackendOptions(path.join(dir, 'a', 'b'), 's.json'));
    expect(nested.store).toEqual({});
    expect((await stat(path.join(dir, 'a', 'b'))).isDirectory()).toBe(true);
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '\uFEFF{"version": 1}');
    expect(open().store).toEqual({ version: 1 });
    await writeFile(file, '[1, 2');
    const stored = open().store;
    expect(typeof stored[UNREADABLE_KEY]).toBe('string');
    expect(await readFile(file, 'utf8')).toBe('[1, 2');
  });

  it('throws when the file cannot be replaced, and leaves no temp file behind', async () => {
    // A folder where the file should be: the rename over it fails (EISDIR, or EPERM on Windows).
    await mkdir(path.join(dir, 'settings.json'));
    expect(() => (open().store = { version: 2 })).toThrow();
    expect(await readdir(dir)).toEqual(['settings.json']);
    expect((await stat(path.join(dir, 'settings.json'))).isDirectory()).toBe(true);
  });

  it('reads what electron-store (conf) wrote and writes what it reads: the desktop app and headless mode share a data folder', async () => {
    open(confBackend).store = { version: 1, language: 'en' };
    expect(open().store).toEqual({ version: 1, language: 'en' });
    const text = await readFile(path.join(dir, 'settings.json'), 'utf8');
    open().store = { version: 1, language: 'zh-CN' };
    expect(open(confBackend).store).toEqual({ version: 1, language: 'zh-CN' });
    expect(await readFile(path.join(dir, 'settings.json'), 'utf8')).toBe(
      text.replace('"en"', '"zh-CN"'),
    );
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
    expect(reopened.path).toBe(path.join(dir, 'settings.json'));
  });
});
