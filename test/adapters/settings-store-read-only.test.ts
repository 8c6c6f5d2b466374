import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsStore } from '../../main/adapters/settings-store';
import { defaultSettings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';

// A data folder that cannot be written (a read-only mount: EROFS) and a settings file that must be
// kept aside (invalid, or from an older version): the copy fails. Root ignores file modes, so the
// failure is made at the copy's seam, as the kernel reports it.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    copyFile: () =>
      Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })),
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-read-only-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore on a folder where no copy can be kept', () => {
  it('starts on defaults from an invalid file, says why, and leaves the file as it was', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '{"listener": {"port": 90');
    const log = memoryLogger();
    const store = await SettingsStore.open({ dir, log });
    expect(store.get()).toEqual(defaultSettings());
    expect(store.loadReport.outcome).toBe('reset');
    expect(store.loadReport.keptAside).toBeUndefined();
    expect(log.lines.join('\n')).toMatch(/cannot keep a copy of .*EROFS.*left as it is/);
    expect(await readFile(file, 'utf8')).toBe('{"listener": {"port": 90');
  });

  it('reads an older file migrated in memory, without writing over it', async () => {
    const file = path.join(dir, 'settings.json');
    const old = JSON.stringify({ listener: { port: 9000 } }); // no version: the oldest format
    await writeFile(file, old);
    const store = await SettingsStore.open({ dir, log: memoryLogger() });
    expect(store.loadReport.outcome).toBe('migrated');
    expect(store.get().listener.port).toBe(9000);
    expect(store.loadReport.warnings.join('\n')).toMatch(/cannot keep a copy/);
    expect(await readFile(file, 'utf8')).toBe(old);
  });
});
