import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../main/adapters/settings-store';
import type { SettingsMigration } from '../../main/core/settings-migrations';
import { defaultSettings, SETTINGS_VERSION, type Settings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';
import { oneRecorder } from '../fakes/recorder-settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fixedClock = () => new Date('2025-01-02T03:04:05.678Z');

async function open(extra: Partial<Parameters<typeof SettingsStore.open>[0]> = {}) {
  const log = memoryLogger();
  const store = await SettingsStore.open({ dir, log, now: fixedClock, ...extra });
  return { store, log };
}

async function fileJson(): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8'));
}

describe('SettingsStore', () => {
  it('starts from defaults without a file, and writes nothing until a change', async () => {
    const { store, log } = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.loadReport).toEqual({ outcome: 'missing', warnings: [] });
    expect(await readdir(dir)).toEqual([]);
    expect(log.lines).toEqual([]);
  });

  it('reads a valid file, filling defaults for what it leaves out', async () => {
    await writeFile(
      path.join(dir, 'settings.json'),
      `\uFEFF${JSON.stringify({ version: SETTINGS_VERSION, listener: { port: 9000 } })}`,
    );
    const { store } = await open();
    expect(store.loadReport.outcome).toBe('loaded');
    expect(store.get().listener).toEqual({ ...defaultSettings().listener, port: 9000 });
  });

  it('recovers from corrupt JSON: defaults, a warning, the bad file kept aside and replaced', async () => {
    await writeFile(path.join(dir, 'settings.json'), '{"listener": {"port": 90');
    const { store, log } = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.loadReport.outcome).toBe('reset');
    const aside = path.join(dir, 'settings.invalid-2025-01-02T03-04-05-678Z.json');
    expect(store.loadReport.keptAside).toBe(aside);
    expect(await readFile(aside, 'utf8')).toBe('{"listener": {"port": 90');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(
      /^warn settings: .*settings\.json is not valid JSON .*using defaults/,
    );
    expect(await fileJson()).toEqual(defaultSettings());
  });

  it('recovers from schema-invalid values the same way, naming the bad fields', async () => {
    const bad = { version: 1, listener: { port: 'eighty' }, recorder: { pollIntervalSeconds: 0 } };
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify(bad));
    const { store, log } = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(log.lines[0]).toMatch(/listener\.port: .*recorders\[0\]\.pollIntervalSeconds: /);
    expect(JSON.parse(await readFile(store.loadReport.keptAside!, 'utf8'))).toEqual(bad);
  });

  it('never writes over an earlier copy kept aside', async () => {
    await writeFile(path.join(dir, 'settings.json'), 'not json 1');
    await open();
    await writeFile(path.join(dir, 'settings.json'), 'not json 2');
    const { store } = await open();
    expect(store.loadReport.keptAside).toBe(
      path.join(dir, 'settings.invalid-2025-01-02T03-04-05-678Z-1.json'),
    );
    expect((await readdir(dir)).sort()).toEqual([
      'settings.invalid-2025-01-02T03-04-05-678Z-1.json',
      'settings.invalid-2025-01-02T03-04-05-678Z.json',
      'settings.json',
    ]);
  });

  it('migrates an unversioned file and keeps the original', async () => {
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ startAtLogin: true }));
    const { store, log } = await open();
    expect(store.loadReport.outcome).toBe('migrated');
    expect(store.get()).toEqual({ ...defaultSettings(), startAtLogin: true });
    expect(await fileJson()).toMatchObject({ version: SETTINGS_VERSION, startAtLogin: true });
    expect(JSON.parse(await readFile(store.loadReport.keptAside!, 'utf8'))).toEqual({
      startAtLogin: true,
    });
    expect(log.lines).toEqual([
      'info settings: migrated from version 0 (unversioned-to-v1, one-recorder-to-recorders, jobs-and-clean-up-keys)',
    ]);
  });

  it('migrates through several named steps from an older version', async () => {
    // A made-up older layout: version 0 kept the listener port at the top level.
    const steps: SettingsMigration[] = [
      {
        from: 0,
        name: 'flat-port-to-listener',
        migrate: ({ port, ...rest }) => ({ ...rest, listener: { port } }),
      },
      { from: 1, name: 'noop-v2', migrate: (data) => data },
    ];
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ version: 0, port: 8123 }));
    const { store } = await open({ migrations: steps, targetVersion: 2 });
    expect(store.get().listener.port).toBe(8123);
    expect(store.get().version).toBe(2);
    expect(await fileJson()).toMatchObject({ version: 2, listener: { port: 8123 } });
  });

  it('reads a file from a newer version without writing over it', async () => {
    const newer = { version: SETTINGS_VERSION + 1, startAtLogin: true, someNewThing: { a: 1 } };
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify(newer));
    const { store, log } = await open();
    expect(store.loadReport.outcome).toBe('newer');
    expect(store.get().startAtLogin).toBe(true);
    expect(await fileJson()).toEqual(newer);
    expect(JSON.parse(await readFile(store.loadReport.keptAside!, 'utf8'))).toEqual(newer);
    expect(log.lines[0]).toMatch(/^warn settings: .*newer version/);
  });

  it('applies an update: validated, written, listeners told, and read back after a restart', async () => {
    const { store } = await open();
    const changes: [Settings, Settings][] = [];
    store.onChange((next, previous) => changes.push([next, previous]));
    const result = await store.update({ listener: { port: 8081 }, language: 'zh-CN' });
    expect(result.ok).toBe(true);
    expect(store.get().listener.port).toBe(8081);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[1].listener.port).toBe(defaultSettings().listener.port);
    const again = await open();
    expect(again.store.get()).toEqual(store.get());
    if (process.platform !== 'win32') expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it('refuses an invalid update and keeps file and listeners untouched', async () => {
    const { store } = await open();
    await store.update({ startAtLogin: true });
    const before = await readFile(store.path, 'utf8');
    let told = 0;
    store.onChange(() => (told += 1));
    const result = await store.update(oneRecorder({ pollIntervalSeconds: -5 }));
    expect(result).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^recorders\[0\]\.pollIntervalSeconds: /)],
    });
    expect(await readFile(store.path, 'utf8')).toBe(before);
    expect(told).toBe(0);
  });

  it('applies quick successive updates in order, leaving no temp files', async () => {
    const { store } = await open();
    await Promise.all([
      store.update({ listener: { port: 1001 } }),
      store.update({ listener: { token: 'abc' } }),
      store.update({ startAtLogin: true }),
    ]);
    expect(store.get()).toMatchObject({
      listener: { port: 1001, token: 'abc' },
      startAtLogin: true,
    });
    expect(await fileJson()).toMatchObject({
      listener: { port: 1001, token: 'abc' },
      startAtLogin: true,
    });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('replaces everything with validated settings, and unsubscribes', async () => {
    const { store } = await open();
    let told = 0;
    const off = store.onChange(() => (told += 1));
    expect((await store.replace({ ...defaultSettings(), startAtLogin: true })).ok).toBe(true);
    off();
    expect((await store.replace({ listener: { port: -1 } })).ok).toBe(false);
    await store.replace(defaultSettings());
    expect(told).toBe(1);
  });
});
