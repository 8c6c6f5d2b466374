import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  saveUpdateFailure,
  takeUpdateFailure,
  UPDATE_FAILED_FILE,
} from '../../../../main/features/updates/adapters/update-failure-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'update-failure-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the failed install kept across the relaunch', () => {
  it('is read once, then gone', async () => {
    const warnings: string[] = [];
    const warn = (message: string) => void warnings.push(message);
    await saveUpdateFailure(dir, { version: '0.2.0', reason: 'pkexec: dismissed' }, warn);
    expect(await takeUpdateFailure(dir, warn)).toEqual({
      version: '0.2.0',
      reason: 'pkexec: dismissed',
    });
    expect(existsSync(join(dir, UPDATE_FAILED_FILE))).toBe(false);
    expect(await takeUpdateFailure(dir, warn)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('drops a damaged file with a warning, and says when it cannot write', async () => {
    const warnings: string[] = [];
    const warn = (message: string) => void warnings.push(message);
    await writeFile(join(dir, UPDATE_FAILED_FILE), '{"version": 3');
    expect(await takeUpdateFailure(dir, warn)).toBeUndefined();
    expect(existsSync(join(dir, UPDATE_FAILED_FILE))).toBe(false);
    // A file where the folder should be: no folder can be made there (a missing one would be).
    await writeFile(join(dir, 'in-the-way'), '');
    await saveUpdateFailure(join(dir, 'in-the-way', 'folder'), { version: '1', reason: 'x' }, warn);
    expect(warnings).toEqual([
      `updates: ${UPDATE_FAILED_FILE} is not readable; dropped`,
      // ENOENT on Windows, which has no ENOTDIR for a path through a file.
      expect.stringMatching(/^updates: cannot write update-failed\.json: .*(ENOTDIR|ENOENT)/),
    ]);
  });
});
