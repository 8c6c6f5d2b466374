import { readFile } from 'node:fs/promises';
import { parseJsonText, safeParseUnknown } from '../../shared/parse';
import {
  defaultSettings,
  PushTargetSetting,
  type RecorderSetting,
  type Settings,
} from '../../shared/settings';
import { migrateSettings } from '../core/settings-migrations';
import type { SettingsOverrides } from '../app';
import { applySettingsPatch, SettingsPatch } from '../../shared/settings-patch';
import { defined, UsageError, type HeadlessOptions } from './headless-options';

/**
 * Headless mode's settings are the stored ones (`<data dir>/settings.json`, which the browser
 * preview edits) with the `--config` file and then the flags on top. The overrides are not
 * written back: they win for as long as they are given.
 */
export async function headlessOverrides(options: HeadlessOptions): Promise<SettingsOverrides> {
  const fromFile = options.config === undefined ? {} : await readConfig(options.config);
  const flags = flagPatch(options);
  const first = firstRecorderFlags(options);
  // Check once against the defaults, so a bad file or flag stops start-up with the field named.
  const check = applySettingsPatch(defaultSettings(), fromFile);
  if (!check.ok) throw new UsageError(`--config ${options.config}: ${check.errors.join('; ')}`);
  if (options.config !== undefined) refuseTrash(check.settings, `--config ${options.config}`);
  const flagCheck = applySettingsPatch(
    check.settings,
    withFirstRecorder(check.settings, flags, first),
  );
  if (!flagCheck.ok) throw new UsageError(`bad option: ${flagCheck.errors.join('; ')}`);
  return {
    apply: (stored) => {
      const withFile = applySettingsPatch(stored, fromFile);
      const base = withFile.ok ? withFile.settings : stored;
      const withFlags = applySettingsPatch(base, withFirstRecorder(base, flags, first));
      return withPushTargets(withFlags.ok ? withFlags.settings : base, options.push);
    },
    locked: [
      ...new Set([
        ...leafPaths(fromFile),
        ...leafPaths(flags),
        ...Object.keys(first).map((key) => `recorders[0].${key}`),
      ]),
    ],
  };
}

/**
 * The launch flags of the recorder (`--recorder-url` and friends, `--recording-root`) set the
 * first recorder, as they set the only one before there were several.
 */
function withFirstRecorder(
  settings: Settings,
  patch: SettingsPatch,
  first: Partial<RecorderSetting>,
): SettingsPatch {
  if (Object.keys(first).length === 0) return patch;
  const [head, ...rest] = settings.recorders;
  return { ...patch, recorders: [{ ...head!, ...first }, ...rest] };
}

/** `--push` adds targets to the stored ones (a URL already there is not doubled). */
function withPushTargets(settings: Settings, urls: readonly string[]): Settings {
  const extra = urls.filter((url) => !settings.pushTargets.some((t) => t.url === url));
  if (extra.length === 0) return settings;
  const added = extra.map((url) => PushTargetSetting.parse({ url }));
  return { ...settings, pushTargets: [...settings.pushTargets, ...added] };
}

/** The dotted paths of a patch's values ('listener.port'); arrays count as one value. */
function leafPaths(patch: object, prefix = ''): string[] {
  return Object.entries(patch).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leafPaths(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

async function readConfig(path: string): Promise<SettingsPatch> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --config ${path}: ${(error as Error).message}`);
  }
  const json = parseJsonText(text.replace(/^\uFEFF/, ''));
  if (!json.ok) throw new UsageError(`--config ${path} is not JSON: ${json.error}`);
  // A file written for an older layout (one `recorder`) is lifted as the settings file is.
  const migrated = migrateSettings(json.value);
  if (migrated.kind === 'invalid') throw new UsageError(`--config ${path}: ${migrated.reason}`);
  // A file saved from the app carries its layout version; it is not an override.
  const { version: _version, ...rest } = migrated.data;
  const patch = safeParseUnknown(SettingsPatch, rest);
  if (!patch.ok) throw new UsageError(`--config ${path}: ${patch.reasons.join('; ')}`);
  return patch.value;
}

function flagPatch(o: HeadlessOptions): SettingsPatch {
  const listener = {
    ...defined('host', o.host),
    ...defined('port', o.port),
    ...defined('token', o.token),
  };
  const updates = {
    ...defined('feedUrl', o.updateFeed),
    ...(o.noUpdateCheck ? { check: false } : {}),
  };
  return {
    ...defined('language', o.language),
    ...(Object.keys(listener).length > 0 ? { listener } : {}),
    ...(Object.keys(updates).length > 0 ? { updates } : {}),
    ...(o.liveApiHost !== undefined ? { pictures: { liveApiHost: o.liveApiHost } } : {}),
  };
}

function firstRecorderFlags(o: HeadlessOptions): Partial<RecorderSetting> {
  return {
    ...defined('url', o.recorderUrl),
    ...defined('username', o.recorderUser),
    ...defined('password', o.recorderPass),
    ...(o.rooms.length > 0 ? { rooms: o.rooms } : {}),
    ...defined('pollIntervalSeconds', o.pollIntervalSeconds),
    ...defined('recordingRoot', o.recordingRoot),
  };
}

/**
 * Headless mode has no OS trash (Electron's `shell.trashItem` is the desktop app's): a clean-up
 * rule with `then: 'trash'` is refused at load, naming the rule, rather than left to fail on
 * every file.
 */
export function refuseTrash(settings: Pick<Settings, 'retention'>, where: string): void {
  const index = settings.retention.rules.findIndex((rule) => rule.then === 'trash');
  if (index < 0) return;
  throw new UsageError(
    `${where}: retention.rules[${index}].then is "trash", but headless mode has no trash ` +
      `(the desktop app puts files there); use "delete", or "move" with moveTo`,
  );
}
