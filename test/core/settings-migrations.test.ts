import { describe, expect, it } from 'vitest';
import {
  migrateSettings,
  SETTINGS_MIGRATIONS,
  type SettingsMigration,
} from '../../main/core/settings-migrations';
import { SETTINGS_VERSION } from '../../shared/settings';

/** A made-up history for the test: v1 had a flat `port`, v2 moved it under `listener`. */
const TEST_STEPS: SettingsMigration[] = [
  { from: 0, name: 'unversioned-to-v1', migrate: (data) => data },
  {
    from: 1,
    name: 'flat-port-to-listener',
    migrate: ({ port, ...rest }) => ({ ...rest, listener: { port } }),
  },
];

describe('migrateSettings', () => {
  it('has one step per version up to the current one', () => {
    expect(SETTINGS_MIGRATIONS.map((step) => step.from)).toEqual(
      Array.from({ length: SETTINGS_VERSION }, (_, i) => i),
    );
    expect(new Set(SETTINGS_MIGRATIONS.map((step) => step.name)).size).toBe(
      SETTINGS_MIGRATIONS.length,
    );
  });

  it('leaves a current file alone', () => {
    expect(migrateSettings({ version: SETTINGS_VERSION, startAtLogin: true })).toEqual({
      kind: 'current',
      data: { version: SETTINGS_VERSION, startAtLogin: true },
    });
  });

  it('treats a file without version as version 0', () => {
    expect(migrateSettings({ startAtLogin: true })).toEqual({
      kind: 'migrated',
      data: { startAtLogin: true, version: 1 },
      from: 0,
      applied: ['unversioned-to-v1'],
    });
  });

  it('runs the named steps in order and stamps each version', () => {
    expect(migrateSettings({ port: 8080 }, TEST_STEPS, 2)).toEqual({
      kind: 'migrated',
      data: { version: 2, listener: { port: 8080 } },
      from: 0,
      applied: ['unversioned-to-v1', 'flat-port-to-listener'],
    });
  });

  it('keeps a newer file as it is', () => {
    expect(migrateSettings({ version: 7, future: true }, TEST_STEPS, 2)).toEqual({
      kind: 'newer',
      data: { version: 7, future: true },
      from: 7,
    });
  });

  it('calls non-objects, odd versions and gaps invalid', () => {
    expect(migrateSettings([1, 2])).toMatchObject({ kind: 'invalid' });
    expect(migrateSettings(null)).toMatchObject({ kind: 'invalid' });
    expect(migrateSettings({ version: '1' })).toEqual({
      kind: 'invalid',
      reason: 'version: expected a whole number, got "1"',
    });
    expect(migrateSettings({ version: 1.5 })).toMatchObject({ kind: 'invalid' });
    expect(migrateSettings({ version: 0 }, [], 1)).toEqual({
      kind: 'invalid',
      reason: 'no migration step from version 0',
    });
  });
});
