import * as z from 'zod';
import { describeIssues, isPlainObject } from './parse';
import { Settings } from './settings';

/**
 * A partial Settings for `settings:update`: objects merge key by key, arrays and values replace,
 * and `null` resets a field to its default (for `language`: back to following the system).
 */
export type SettingsPatch = DeepPatch<Omit<Settings, 'version'>>;

type DeepPatch<T> = {
  [K in keyof T]?:
    | (NonNullable<T[K]> extends readonly unknown[]
        ? T[K]
        : NonNullable<T[K]> extends Record<string, unknown>
          ? DeepPatch<NonNullable<T[K]>>
          : T[K])
    | null;
};

/** Strips defaults and optionality so a patch never fills in values the user did not send. */
function unwrapField(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  for (;;) {
    if (
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault ||
      inner instanceof z.ZodOptional
    ) {
      inner = inner.unwrap() as z.ZodType;
    } else {
      return inner;
    }
  }
}

/** Builds the patch schema from the Settings schema, so the two cannot drift apart. */
function patchSchemaOf(object: z.ZodObject): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(object.shape)) {
    const inner = unwrapField(field as z.ZodType);
    const value = inner instanceof z.ZodObject ? patchSchemaOf(inner) : inner;
    shape[key] = value.nullable().optional();
  }
  // Strict: a misspelt key is an error the window should see, not a silent no-op.
  return z.strictObject(shape);
}

/**
 * Schema of a settings patch as it arrives from the window (version is not patchable). Built at
 * its first parse (zod's `z.lazy`, which keeps it): some 200 schemas headless mode built at start
 * for a call that may never come (issue 41, docs/benchmarks.md "Idle RSS and TurboFan at start").
 */
export const SettingsPatch = z.lazy(() =>
  patchSchemaOf(Settings.omit({ version: true })),
) as z.ZodType<SettingsPatch, SettingsPatch>;

function mergeInto(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      // Absent keys get their default back when the result is parsed with the Settings schema.
      delete result[key];
    } else if (isPlainObject(value) && isPlainObject(base[key])) {
      result[key] = mergeInto(base[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Result of applying a patch: the new settings, or `path: message` reasons. */
export type SettingsPatchResult =
  { ok: true; settings: Settings } | { ok: false; errors: string[] };

/** Deep-merges a patch into settings and validates the result with the Settings schema. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): SettingsPatchResult {
  const merged = mergeInto(settings as Record<string, unknown>, patch as Record<string, unknown>);
  merged.version = settings.version;
  const result = Settings.safeParse(merged);
  if (result.success) return { ok: true, settings: result.data };
  return { ok: false, errors: describeIssues(result.error.issues) };
}
