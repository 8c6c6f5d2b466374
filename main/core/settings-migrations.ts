import { isPlainObject } from '../../shared/parse';
import { DEFAULT_RECORDER_ID, SETTINGS_VERSION } from '../../shared/settings';

/** One named step that lifts a settings file from `from` to `from + 1`; pure, never throws on odd input. */
export interface SettingsMigration {
  readonly from: number;
  readonly name: string;
  migrate(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Every step, oldest first. Version 0 is a file without a `version` field (a hand-written headless
 * `--config`, or one from before versioning); its keys already match version 1.
 */
export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [
  { from: 0, name: 'unversioned-to-v1', migrate: (data) => ({ ...data, version: 1 }) },
  { from: 1, name: 'one-recorder-to-recorders', migrate: recorderToRecorders },
  { from: 2, name: 'jobs-and-clean-up-keys', migrate: jobsAndCleanUpKeys },
];

/**
 * Version 2 watches several recorders: the single `recorder` of version 1, with the top-level
 * `recordingRoot` and `pathMappings`, becomes the first entry of `recorders` (id `default`, whose
 * webhook URL is the old `/webhook`), so a recorder already pointed at the app keeps working and
 * nothing the user set is lost. Fields a file left out stay out (the schema's defaults fill them).
 */
function recorderToRecorders(data: Record<string, unknown>): Record<string, unknown> {
  const { recorder, recordingRoot, pathMappings, ...rest } = data;
  if (Array.isArray(rest.recorders)) return rest; // already in the new layout
  const first: Record<string, unknown> = {
    ...(isPlainObject(recorder) ? recorder : {}),
    id: DEFAULT_RECORDER_ID,
  };
  if (recordingRoot !== undefined) first.recordingRoot = recordingRoot;
  if (pathMappings !== undefined) first.pathMappings = pathMappings;
  // A file that never named a recorder keeps the defaults, as version 1 did.
  const named = recorder !== undefined || recordingRoot !== undefined || pathMappings !== undefined;
  return named ? { ...rest, recorders: [first] } : rest;
}

/**
 * Version 3 names two features as the code does: `actions` (rules that make jobs of finished
 * recordings) becomes `jobs`, `retention` (the clean-up of old recordings) becomes `cleanUp`. A
 * file that already has the new key keeps it (a hand-written `--config` has no version, so every
 * step runs on it), and the old one is dropped.
 */
function jobsAndCleanUpKeys(data: Record<string, unknown>): Record<string, unknown> {
  const { actions, retention, ...rest } = data;
  if (actions !== undefined && rest.jobs === undefined) rest.jobs = actions;
  if (retention !== undefined && rest.cleanUp === undefined) rest.cleanUp = retention;
  return rest;
}

/** What migrating a file's contents found. */
export type MigrationResult =
  | { kind: 'current'; data: Record<string, unknown> }
  | { kind: 'migrated'; data: Record<string, unknown>; from: number; applied: string[] }
  /** Written by a newer app: left as it is (the store keeps a copy before writing over it). */
  | { kind: 'newer'; data: Record<string, unknown>; from: number }
  | { kind: 'invalid'; reason: string };

/** Brings parsed JSON from a settings file up to `target`, one named step at a time. */
export function migrateSettings(
  data: unknown,
  migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS,
  target: number = SETTINGS_VERSION,
): MigrationResult {
  if (!isPlainObject(data))
    return { kind: 'invalid', reason: 'the file does not hold a JSON object' };
  const version = data.version ?? 0;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    return {
      kind: 'invalid',
      reason: `version: expected a whole number, got ${JSON.stringify(version)}`,
    };
  }
  if (version === target) return { kind: 'current', data };
  if (version > target) return { kind: 'newer', data, from: version };
  let current = data;
  const applied: string[] = [];
  for (let at = version; at < target; at += 1) {
    const step = migrations.find((migration) => migration.from === at);
    if (step === undefined)
      return { kind: 'invalid', reason: `no migration step from version ${at}` };
    current = { ...step.migrate(current), version: at + 1 };
    applied.push(step.name);
  }
  return { kind: 'migrated', data: current, from: version, applied };
}
