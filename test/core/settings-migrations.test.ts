import { describe, expect, it } from 'vitest';
import {
  migrateSettings,
  SETTINGS_MIGRATIONS,
  type SettingsMigration,
} from '../../main/core/settings-migrations';
import { Settings, SETTINGS_VERSION } from '../../shared/settings';

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
      data: { startAtLogin: true, version: 3 },
      from: 0,
      applied: ['unversioned-to-v1', 'one-recorder-to-recorders', 'jobs-and-clean-up-keys'],
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

  it('lifts the one recorder of version 1, recording root and path mappings into the first of recorders', () => {
    const v1 = {
      version: 1,
      language: 'zh-CN',
      listener: { host: '0.0.0.0', port: 23561, token: 'secret' },
      recorder: {
        url: 'http://nas.local:2356',
        username: '录播',
        password: 'pässword',
        pollIntervalSeconds: 30,
        rooms: [23058, 5],
        unreachableNotifyAfterMinutes: 12,
      },
      recordingRoot: '/rec',
      pathMappings: [{ from: '/rec', to: '\\\\nas\\rec' }],
      notifications: { mutedRooms: [5] },
    };
    const result = migrateSettings(v1);
    expect(result).toEqual({
      kind: 'migrated',
      from: 1,
      applied: ['one-recorder-to-recorders', 'jobs-and-clean-up-keys'],
      data: {
        version: 3,
        language: 'zh-CN',
        listener: v1.listener,
        notifications: v1.notifications,
        recorders: [
          {
            ...v1.recorder,
            id: 'default',
            recordingRoot: '/rec',
            pathMappings: v1.pathMappings,
          },
        ],
      },
    });
    // Everything the user had set parses, and the schema fills only what the file left out.
    const parsed = Settings.parse(result.kind === 'migrated' ? result.data : {});
    expect(parsed.recorders).toEqual([{ ...v1.recorder, ...parsed.recorders[0], id: 'default' }]);
    expect(parsed.recorders[0]).toMatchObject({ name: '', recordingRoot: '/rec' });
  });

  it('leaves a version 1 file that never named a recorder to the defaults', () => {
    expect(migrateSettings({ version: 1, startAtLogin: true })).toEqual({
      kind: 'migrated',
      from: 1,
      applied: ['one-recorder-to-recorders', 'jobs-and-clean-up-keys'],
      data: { version: 3, startAtLogin: true },
    });
  });

  it('renames the jobs and clean-up keys of version 2, whatever they hold', () => {
    const jobs = { enabled: true, rules: [{ id: 'mp4', steps: [{ kind: 'remux' }] }] };
    const cleanUp = { enabled: true, dryRun: false, rules: [{ keepDays: 7, then: 'delete' }] };
    const result = migrateSettings({
      version: 2,
      actions: jobs,
      retention: cleanUp,
      keepAwake: false,
    });
    expect(result).toEqual({
      kind: 'migrated',
      from: 2,
      applied: ['jobs-and-clean-up-keys'],
      data: { version: 3, jobs, cleanUp, keepAwake: false },
    });
    // What the user had set is what the settings now hold, nothing filled over it.
    const parsed = Settings.parse(result.kind === 'migrated' ? result.data : {});
    expect(parsed.jobs.rules.map((rule) => rule.id)).toEqual(['mp4']);
    expect(parsed.cleanUp).toEqual(cleanUp);
  });

  it('keeps a new key written by hand over an old one beside it', () => {
    const result = migrateSettings({ jobs: { enabled: true }, actions: { enabled: false } });
    expect(result).toMatchObject({
      kind: 'migrated',
      data: { version: 3, jobs: { enabled: true } },
    });
    expect(result.kind === 'migrated' && 'actions' in result.data).toBe(false);
  });
});
