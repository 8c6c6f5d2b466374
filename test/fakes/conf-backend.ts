import Conf from 'conf';
import type { SettingsBackendFactory } from '../../main/adapters/settings-backend';

/**
 * conf as the settings backend: what electron-store is built on, so it stands in for the desktop
 * app's backend where Electron is not (the fake desktop, the tests that the two share a file).
 */
export const confBackend: SettingsBackendFactory = (options) =>
  new Conf<Record<string, unknown>>(options);
