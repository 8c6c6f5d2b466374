import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { safeParseUnknown } from '../../shared/parse';
import { defaultSettings, Settings, SETTINGS_VERSION } from '../../shared/settings';
import {
  applySettingsPatch,
  type SettingsPatch,
  type SettingsPatchResult,
} from '../../shared/settings-patch';
import {
  migrateSettings,
  SETTINGS_MIGRATIONS,
  type SettingsMigration,
} from '../core/settings-migrations';
import { errorCode, errorMessage } from '../core/log-text';
import type { Logger } from '../core/ports';
import {
  settingsBackendOptions,
  UNREADABLE_KEY,
  type SettingsBackend,
  type SettingsBackendFactory,
} from './settings-backend';
import { settingsFileBackend } from './settings-file';

/** Where and how the store keeps settings. */
export interface SettingsStoreOptions {
  /** The folder of the file (Electron: `app.getPath('userData')`; headless: `--data-dir`). */
  dir: string;
  fileName?: string;
  log: Logger;
  /** The file library: settingsFileBackend (default), or electron-store in the desktop app (same file). */
  backend?: SettingsBackendFactory;
  /** For testing: other migration steps and target version. */
  migrations?: readonly SettingsMigration[];
  targetVersion?: number;
  /** For testing: the clock that names the copies kept aside. */
  now?: () => Date;
  /**
   * Told once when writing the file starts to fail (a full disk, EIO, read-only), with the
   * message, and once with undefined when a write works again; the settings hold in memory and
   * are written again meanwhile.
   */
  onTrouble?: (trouble: string | undefined) => void;
  /** For testing: the wait before a failed write is tried again. */
  retryMs?: number;
}

/** Wait before a failed settings write is tried again. */
const SETTINGS_RETRY_MS = 5000;

/** What happened when the file was read. */
export interface SettingsLoadReport {
  outcome: 'missing' | 'loaded' | 'migrated' | 'newer' | 'reset';
  warnings: string[];
  /** A copy of the file as it was, when it was replaced (corrupt, invalid, migrated, newer). */
  keptAside?: string;
}

/** Called after each successful change with the new and the previous settings. */
export type SettingsListener = (next: Settings, previous: Settings) => void;

/**
 * The settings file, kept by settings-file.ts (electron-store in the desktop app): validated with
 * the Settings schema on read (corrupt or invalid → defaults, a warning, the bad file kept aside),
 * migrated by named steps (the old file kept aside), written atomically with mode 0600 by the
 * backend.
 */
export class SettingsStore {
  /** Absolute path of the settings file. */
  readonly path: string;
  /** What the initial read found. */
  readonly loadReport: SettingsLoadReport;
  readonly #backend: SettingsBackend;
  readonly #log: Logger;
  readonly #listeners = new Set<SettingsListener>();
  readonly #onTrouble: ((trouble: string | undefined) => void) | undefined;
  readonly #retryMs: number;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #trouble: string | undefined;
  #settings: Settings;

  private constructor(
    backend: SettingsBackend,
    settings: Settings,
    report: SettingsLoadReport,
    log: Logger,
    options: Pick<SettingsStoreOptions, 'onTrouble' | 'retryMs'> = {},
  ) {
    this.#onTrouble = options.onTrouble;
    this.#retryMs = options.retryMs ?? SETTINGS_RETRY_MS;
    this.#backend = backend;
    this.path = backend.path;
    this.#settings = settings;
    this.loadReport = report;
    this.#log = log;
  }

  /** Reads (and if needed repairs or migrates) the settings file. */
  static async open(options: SettingsStoreOptions): Promise<SettingsStore> {
    let fileRead = false;
    const backendOptions = settingsBackendOptions(options.dir, options.fileName ?? 'settings.json');
    const deserialize = backendOptions.deserialize;
    // The backend reports a missing file as an empty store; a file it read went through here.
    backendOptions.deserialize = (text) => {
      fileRead = true;
      return deserialize(text);
    };
    const backend = (options.backend ?? settingsFileBackend)(backendOptions);
    const stored = backend.store;
    const { settings, report, rewrite } = fileRead
      ? await readStored(stored, backend.path, options)
      : {
          settings: defaultSettings(),
          report: { outcome: 'missing', warnings: [] },
          rewrite: false,
        };
    for (const warning of report.warnings) options.log.warn(`settings: ${warning}`);
    const store = new SettingsStore(backend, settings, report as SettingsLoadReport, options.log, {
      onTrouble: options.onTrouble,
      retryMs: options.retryMs,
    });
    if (rewrite) store.#save();
    return store;
  }

  /** The current settings. */
  get(): Settings {
    return this.#settings;
  }

  /** Deep-merges a patch, validates, writes, then tells the listeners; errors are `path: message`. */
  async update(patch: SettingsPatch): Promise<SettingsPatchResult> {
    const result = applySettingsPatch(this.#settings, patch);
    if (result.ok) this.#commit(result.settings);
    return result;
  }

  /** Replaces all settings with validated ones. */
  async replace(next: unknown): Promise<SettingsPatchResult> {
    const parsed = safeParseUnknown(Settings, next);
    if (!parsed.ok) return { ok: false, errors: parsed.reasons };
    this.#commit(parsed.value);
    return { ok: true, settings: parsed.value };
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: SettingsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // The backend writes synchronously, so updates land on the file one at a time, in call order.
  #commit(next: Settings): void {
    const previous = this.#settings;
    this.#settings = next;
    this.#save();
    for (const listener of this.#listeners) {
      try {
        listener(next, previous);
      } catch (error) {
        this.#log.warn(`settings: a change listener failed: ${String(error)}`);
      }
    }
  }

  /** Why the file cannot be written now, if it cannot (see `onTrouble`). */
  get trouble(): string | undefined {
    return this.#trouble;
  }

  // A full or failing disk must not lose a change or fail it: the settings hold in memory and are
  // written again until the disk takes them; the trouble is told once, and its end once.
  #save(): void {
    clearTimeout(this.#retry);
    this.#retry = undefined;
    try {
      this.#backend.store = { ...this.#settings };
    } catch (error) {
      if (this.#trouble === undefined) {
        this.#trouble = `settings: cannot write ${this.path}: ${String(error)}; retrying`;
        this.#log.warn(this.#trouble);
        this.#onTrouble?.(this.#trouble);
      }
      this.#retry = setTimeout(() => this.#save(), this.#retryMs);
      this.#retry.unref?.(); // never what keeps the process alive
      return;
    }
    if (this.#trouble === undefined) return;
    this.#trouble = undefined;
    this.#log.warn('settings: writing works again');
    this.#onTrouble?.(undefined);
  }
}

interface ReadOutcome {
  settings: Settings;
  report: SettingsLoadReport;
  rewrite: boolean;
}

/** Decides what the file's contents mean: current, migrated, newer, or reset to defaults. */
async function readStored(
  stored: Record<string, unknown>,
  filePath: string,
  options: SettingsStoreOptions,
): Promise<ReadOutcome> {
  // A copy that cannot be made (a read-only data folder, EROFS) is no reason not to start: the
  // file is then left as it is (never rewritten: nothing else holds the user's settings) and this
  // run uses what could be read, or the defaults.
  const unkept: string[] = [];
  const keepAside = async (reason: string): Promise<string | undefined> => {
    try {
      return await copyAside(filePath, reason, options.now ?? (() => new Date()));
    } catch (error) {
      unkept.push(
        `settings: cannot keep a copy of ${filePath} (${errorMessage(error)}); the file is left as it is`,
      );
      return undefined;
    }
  };
  const reset = async (warning: string): Promise<ReadOutcome> => {
    const keptAside = await keepAside('invalid');
    return {
      settings: defaultSettings(),
      report: {
        outcome: 'reset',
        warnings:
          keptAside === undefined
            ? [`${warning}; using defaults`, ...unkept]
            : [`${warning}; using defaults (the old file is at ${keptAside})`],
        ...(keptAside === undefined ? {} : { keptAside }),
      },
      rewrite: keptAside !== undefined,
    };
  };

  const unreadable = stored[UNREADABLE_KEY];
  if (typeof unreadable === 'string') return reset(`${filePath} is not valid JSON (${unreadable})`);
  const migration = migrateSettings(
    stored,
    options.migrations ?? SETTINGS_MIGRATIONS,
    options.targetVersion ?? SETTINGS_VERSION,
  );
  if (migration.kind === 'invalid') return reset(`${filePath}: ${migration.reason}`);
  const parsed = safeParseUnknown(Settings, migration.data);
  if (!parsed.ok) return reset(`${filePath} has invalid values: ${parsed.reasons.join('; ')}`);

  switch (migration.kind) {
    case 'current':
      return {
        settings: parsed.value,
        report: { outcome: 'loaded', warnings: [] },
        rewrite: false,
      };
    case 'migrated': {
      const keptAside = await keepAside(`v${migration.from}`);
      options.log.info(
        `settings: migrated from version ${migration.from} (${migration.applied.join(', ')})`,
      );
      return {
        settings: parsed.value,
        report: { outcome: 'migrated', warnings: unkept, ...(keptAside ? { keptAside } : {}) },
        rewrite: keptAside !== undefined,
      };
    }
    case 'newer': {
      // Fields this version does not know are dropped by the schema on the next write: keep the original.
      const keptAside = await keepAside(`v${migration.from}`);
      const warning = `${filePath} comes from a newer version (${migration.from}); unknown fields are ignored${keptAside ? ` (original at ${keptAside})` : ''}`;
      return {
        settings: parsed.value,
        report: {
          outcome: 'newer',
          warnings: [warning, ...unkept],
          ...(keptAside ? { keptAside } : {}),
        },
        rewrite: false,
      };
    }
  }
}

/** Copies the file next to itself as `settings.<reason>-<time>.json`, never over an earlier copy. */
async function copyAside(filePath: string, reason: string, now: () => Date): Promise<string> {
  const { dir, name, ext } = path.parse(filePath);
  const stamp = now().toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n += 1) {
    const target = path.join(dir, `${name}.${reason}-${stamp}${n === 0 ? '' : `-${n}`}${ext}`);
    try {
      await copyFile(filePath, target, constants.COPYFILE_EXCL);
      return target;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
}
