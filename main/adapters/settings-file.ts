import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCode } from '../core/log-text';
import { replaceFileSync } from './replace-file';
import type { SettingsBackend, SettingsBackendFactory } from './settings-backend';

/**
 * The settings file without Electron (headless mode, tests): what conf did for them, the same
 * file in the same place (electron-store, the desktop app's, is built on conf). conf brought its
 * schema validator (two copies of ajv) that this store never used, and that cost headless mode
 * 660 KB of code parsed at start and 4 MB of idle RSS (issue 21).
 */
export const settingsFileBackend: SettingsBackendFactory = (options) => {
  const file = path.resolve(options.cwd, `${options.configName}.${options.fileExtension}`);
  const backend: SettingsBackend = {
    path: file,
    // Read on every get, as conf does: a missing file is an empty store (its folder is made).
    get store() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
        mkdirSync(path.dirname(file), { recursive: true });
        return {};
      }
      return options.deserialize(text);
    },
    set store(value) {
      mkdirSync(path.dirname(file), { recursive: true });
      replaceFileSync(file, options.serialize(value), options.configFileMode);
    },
  };
  return backend;
};
