import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { replaceFile, replaceFileSync } from '../../main/adapters/replace-file';
import { settingsBackendOptions } from '../../main/adapters/settings-backend';
import { settingsFileBackend } from '../../main/adapters/settings-file';
import { SettingsStore } from '../../main/adapters/settings-store';
import { defaultSettings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';

// A nearly full disk and a read-only folder: on a real tmpfs when this machine lets the test mount
// one (as root on Linux, as in CI); otherwise a folder without write permission (not root), or the
// disk's answer injected into node:fs's write calls, where the bytes go in (write for the stream
// of replaceFile, writeSync for replaceFileSync): the same steps and checks either way.

let root: string;
let mounted = false;
// What the settings file holds now (today's defaults): the store opens it without a rewrite.
const OLD = settingsBackendOptions(tmpdir(), 'settings.json').serialize({ ...defaultSettings() });
const NEW = `${JSON.stringify({ filler: 'x'.repeat(300 * 1024) })}\n`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'replace-file-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', root], { stdio: 'pipe' });
    mounted = true;
  } catch {
    mounted = false;
  }
});

afterAll(async () => {
  if (mounted) execFileSync('umount', [root]);
  await rm(root, { recursive: true, force: true });
});

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/**
 * From now on node:fs's writes go in part, then fail with `code` (what a disk that fills up does:
 * write(2) takes what fits, and only the next one fails).
 */
function injectWriteFailure(code: string): void {
  const real = { write: fs.write, writeSync: fs.writeSync };
  const failure = () => Object.assign(new Error(`${code}: injected`), { code });
  let wrote = false;
  const part = (length: number) => Math.max(1, Math.floor(length / 3));
  fs.writeSync = ((fd: number, buffer: Uint8Array, offset: number, length: number, at: number) => {
    if (wrote) throw failure();
    wrote = true;
    return real.writeSync(fd, buffer, offset, part(length), at);
  }) as typeof fs.writeSync;
  fs.write = ((fd: number, buffer: Uint8Array, ...rest: unknown[]) => {
    const callback = rest.pop() as (error: Error | null, written?: number) => void;
    if (wrote) return void process.nextTick(() => callback(failure()));
    wrote = true;
    const [offset, length, at] = rest as [number, number, number | null];
    real.write(fd, buffer, offset, part(length), at, callback);
  }) as typeof fs.write;
  syncBuiltinESMExports();
  restore = () => {
    Object.assign(fs, real);
    syncBuiltinESMExports();
  };
}

/** Leaves about 64 KiB free on the tmpfs (or injects a short write): NEW does not fit. */
async function nearlyFull(dir: string): Promise<string> {
  if (!mounted) {
    injectWriteFailure('ENOSPC');
    return 'an injected short write, then ENOSPC';
  }
  const chunk = Buffer.alloc(64 * 1024, 1);
  let count = 0;
  for (; ; count += 1) {
    try {
      await writeFile(join(dir, `filler-${count}`), chunk);
    } catch {
      break;
    }
  }
  await rm(join(dir, `filler-${count - 1}`));
  await rm(join(dir, `filler-${count}`), { force: true });
  restore = () => {
    for (let i = 0; i < count; i += 1) fs.rmSync(join(dir, `filler-${i}`), { force: true });
  };
  return 'a real tmpfs, nearly full';
}

/** Makes `dir` refuse new files: a read-only remount, no write permission, or an injected EROFS. */
function readOnly(dir: string): string {
  if (mounted) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
    fs.writeFileSync(join(dir, 'settings.json'), OLD);
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    restore = () => execFileSync('umount', [dir]);
    return 'a read-only tmpfs';
  }
  fs.writeFileSync(join(dir, 'settings.json'), OLD);
  if (process.platform !== 'win32' && process.getuid?.() !== 0) {
    fs.chmodSync(dir, 0o555);
    restore = () => fs.chmodSync(dir, 0o755);
    return 'a folder without write permission';
  }
  injectWriteFailure('EROFS');
  return 'an injected EROFS';
}

describe('replacing a file whole', () => {
  test('writes all of it with its mode, async and sync, and leaves no temp file', async () => {
    const dir = join(root, 'plain');
    await mkdir(dir);
    await replaceFile(join(dir, 'a.json'), NEW);
    replaceFileSync(join(dir, 'b.desktop'), new TextEncoder().encode('[Desktop Entry]\n'), 0o644);
    expect(await readFile(join(dir, 'a.json'), 'utf8')).toBe(NEW);
    expect(await readFile(join(dir, 'b.desktop'), 'utf8')).toBe('[Desktop Entry]\n');
    if (process.platform !== 'win32') {
      expect((await stat(join(dir, 'a.json'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'b.desktop'))).mode & 0o777).toBe(0o644);
    }
    expect((await readdir(dir)).sort()).toEqual(['a.json', 'b.desktop']);
  });

  test('a nearly full disk: a short write is no success; the old file stays and no temp file', async () => {
    const dir = join(root, 'full');
    await mkdir(dir);
    const file = join(dir, 'settings.json');
    await writeFile(file, OLD);
    const mode = await nearlyFull(dir);
    await expect(replaceFile(file, NEW), mode).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readFile(file, 'utf8'), mode).toBe(OLD);
    expect(() => replaceFileSync(file, NEW), mode).toThrow(
      expect.objectContaining({ code: 'ENOSPC' }),
    );
    expect(await readFile(file, 'utf8'), mode).toBe(OLD);
    expect((await readdir(dir)).filter((name) => !name.startsWith('filler-'))).toEqual([
      'settings.json',
    ]);
  });

  test('a read-only folder: the write fails, the old file is intact, the settings hold in memory and the trouble is told', async () => {
    const dir = join(root, 'read-only');
    await mkdir(dir);
    const mode = readOnly(dir);
    const file = join(dir, 'settings.json');
    await expect(replaceFile(file, NEW), mode).rejects.toThrow();
    expect(() => replaceFileSync(file, NEW), mode).toThrow();
    const backend = settingsFileBackend(settingsBackendOptions(dir, 'settings.json'));
    expect(() => (backend.store = { version: 1 }), mode).toThrow();
    expect(await readFile(file, 'utf8'), mode).toBe(OLD);
    expect(await readdir(dir)).toEqual(['settings.json']);
    const troubles: (string | undefined)[] = [];
    const store = await SettingsStore.open({
      dir,
      log: memoryLogger(),
      onTrouble: (trouble) => troubles.push(trouble),
      retryMs: 60_000,
    });
    expect((await store.update({ language: 'zh-CN' })).ok).toBe(true);
    expect(store.get().language).toBe('zh-CN');
    expect(store.trouble, mode).toMatch(/^settings: cannot write .*settings\.json: .*; retrying$/);
    expect(troubles).toHaveLength(1);
    expect(await readFile(file, 'utf8'), mode).toBe(OLD);
    await vi.waitFor(async () => expect(await readdir(dir)).toEqual(['settings.json']));
  });
});
