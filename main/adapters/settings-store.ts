import { constants } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonText, safeParseUnknown } from '../../shared/parse';
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
import { errorCode } from '../core/log-text';
import type { Logger } from '../core/ports';
import { writeFileAtomic } from './atomic-write';

/** Where and how the store keeps settings. */
export interface SettingsStoreOptions {
  /** The folder of the file (Electron: `app.getPath('userData')`; headless: `--data-dir`). */
  dir: string;
  fileName?: string;
  log: Logger;
  /** For testing: other migration steps and target version. */
  migrations?: readonly SettingsMigration[];
  targetVersion?: number;
  /** For testing: the clock that names the copies kept aside. */
  now?: () => Date;
}

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
 * The settings file: validated with the Settings schema on read (corrupt or invalid → defaults,
 * a warning, the bad file kept aside), migrated by named steps, written atomically.
 */
export class SettingsStore {
  /** Absolute path of the settings file. */
  readonly path: string;
  /** What the initial read found. */
  readonly loadReport: SettingsLoadReport;
  readonly #log: Logger;
  readonly #listeners = new Set<SettingsListener>();
  #settings: Settings;
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    filePath: string,
    settings: Settings,
    report: SettingsLoadReport,
    log: Logger,
  ) {
    this.path = filePath;
    this.#settings = settings;
    this.loadReport = report;
    this.#log = log;
  }

  /** Reads (and if needed repairs or migrates) the settings file. */
  static async open(options: SettingsStoreOptions): Promise<SettingsStore> {
    const filePath = path.join(options.dir, options.fileName ?? 'settings.json');
    await mkdir(options.dir, { recursive: true });
    const { settings, report, rewrite } = await readSettingsFile(filePath, options);
    for (const warning of report.warnings) options.log.warn(`settings: ${warning}`);
    if (rewrite) await writeFileAtomic(filePath, serialize(settings));
    return new SettingsStore(filePath, settings, report, options.log);
  }

  /** The current settings. */
  get(): Settings {
    return this.#settings;
  }

  /** Deep-merges a patch, validates, writes, then tells the listeners; errors are `path: message`. */
  update(patch: SettingsPatch): Promise<SettingsPatchResult> {
    return this.#enqueue(async () => {
      const result = applySettingsPatch(this.#settings, patch);
      if (result.ok) await this.#commit(result.settings);
      return result;
    });
  }

  /** Replaces all settings with validated ones. */
  replace(next: unknown): Promise<SettingsPatchResult> {
    return this.#enqueue(async () => {
      const parsed = safeParseUnknown(Settings, next);
      if (!parsed.ok) return { ok: false, errors: parsed.reasons };
      await this.#commit(parsed.value);
      return { ok: true, settings: parsed.value };
    });
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: SettingsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #commit(next: Settings): Promise<void> {
    const previous = this.#settings;
    await writeFileAtomic(this.path, serialize(next));
    this.#settings = next;
    for (const listener of this.#listeners) {
      try {
        listener(next, previous);
      } catch (error) {
        this.#log.warn(`settings: a change listener failed: ${String(error)}`);
      }
    }
  }

  // One write at a time, in call order: two quick updates must not race on the file.
  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

function serialize(settings: Settings): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

interface ReadOutcome {
  settings: Settings;
  report: SettingsLoadReport;
  rewrite: boolean;
}

async function readSettingsFile(
  filePath: string,
  options: SettingsStoreOptions,
): Promise<ReadOutcome> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      return {
        settings: defaultSettings(),
        report: { outcome: 'missing', warnings: [] },
        rewrite: false,
      };
    }
    throw error; // unreadable (permissions): better to stop than to write over it
  }
  const keepAside = (reason: string) =>
    copyAside(filePath, reason, options.now ?? (() => new Date()));
  const reset = async (warning: string): Promise<ReadOutcome> => {
    const keptAside = await keepAside('invalid');
    return {
      settings: defaultSettings(),
      report: {
        outcome: 'reset',
        warnings: [`${warning}; using defaults (the old file is at ${keptAside})`],
        keptAside,
      },
      rewrite: true,
    };
  };

  const json = parseJsonText(text.replace(/^\uFEFF/, '')); // Notepad adds a BOM
  if (!json.ok) return reset(`${filePath} is not valid JSON (${json.error})`);
  const migration = migrateSettings(
    json.value,
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
        report: { outcome: 'migrated', warnings: [], keptAside },
        rewrite: true,
      };
    }
    case 'newer': {
      // Fields this version does not know are dropped by the schema on the next write: keep the original.
      const keptAside = await keepAside(`v${migration.from}`);
      const warning = `${filePath} comes from a newer version (${migration.from}); unknown fields are ignored (original at ${keptAside})`;
      return {
        settings: parsed.value,
        report: { outcome: 'newer', warnings: [warning], keptAside },
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
