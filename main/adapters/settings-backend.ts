import { isPlainObject, parseJsonText } from '../../shared/parse';

/** The key under which the backend hands over a file that is not a JSON object (never written). */
export const UNREADABLE_KEY = '\u0000unreadable';

/**
 * The part of conf's `Conf` the settings store uses (electron-store's `ElectronStore` is a `Conf`):
 * `store` reads the file on every get and writes it atomically (temp file, fsync, rename) on set.
 */
export interface SettingsBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

/** How the settings store opens its file: settings.json in the data folder, mode 0600, as is. */
export interface SettingsBackendOptions {
  cwd: string;
  /** The file's name without `.json`. */
  configName: string;
  fileExtension: 'json';
  configFileMode: number;
  /** Keys are field names, not dot paths. */
  accessPropertiesByDotNotation: false;
  /** A bad file is the store's to keep aside, not conf's to empty. */
  clearInvalidConfig: false;
  serialize: (value: Record<string, unknown>) => string;
  deserialize: (text: string) => Record<string, unknown>;
}

/**
 * Makes the backend: electron-store in the desktop app, settingsFileBackend (settings-file.ts) in
 * headless mode and tests.
 */
export type SettingsBackendFactory = (options: SettingsBackendOptions) => SettingsBackend;

/**
 * The backend's options (conf's, as electron-store takes them) for `<dir>/<fileName>`: pretty
 * JSON, a BOM tolerated, never throws on read.
 */
export function settingsBackendOptions(dir: string, fileName: string): SettingsBackendOptions {
  return {
    cwd: dir,
    configName: fileName.replace(/\.json$/, ''),
    fileExtension: 'json',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
    serialize: (value) => `${JSON.stringify(value, null, 2)}\n`,
    deserialize: readSettingsText,
  };
}

/**
 * Parses the file's text for the backend. electron-store (conf) would throw on bad JSON in its
 * constructor (or empty the file with clearInvalidConfig); instead the text comes back under
 * UNREADABLE_KEY, so the store can keep the file aside first and say why.
 */
function readSettingsText(text: string): Record<string, unknown> {
  const json = parseJsonText(text.replace(/^\uFEFF/, '')); // Notepad adds a BOM
  if (json.ok && isPlainObject(json.value)) return json.value;
  return { [UNREADABLE_KEY]: json.ok ? 'the file does not hold a JSON object' : json.error };
}
