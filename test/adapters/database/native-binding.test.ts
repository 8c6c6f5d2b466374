import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  bundledNativeBinding,
  NATIVE_MODULE_PATH,
} from '../../../main/adapters/database/native-binding';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'native-binding-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function placeModule(under: string): string {
  const file = join(under, ...NATIVE_MODULE_PATH);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '');
  return file;
}

describe('bundledNativeBinding', () => {
  test('found in node_modules of a folder above the bundle, as Node finds a package', () => {
    const file = placeModule(root);
    const bundle = pathToFileURL(
      join(root, 'test-output', 'main-entry-x', 'dist', 'main', 'main.js'),
    );
    expect(bundledNativeBinding(bundle.href)).toBe(file);
  });

  test('packaged: taken from app.asar.unpacked, where electron-builder unpacks it', () => {
    const file = placeModule(join(root, 'resources', 'app.asar.unpacked'));
    const bundle = pathToFileURL(join(root, 'resources', 'app.asar', 'dist', 'main', 'main.js'));
    expect(bundledNativeBinding(bundle.href)).toBe(file);
  });

  test('none anywhere: undefined (better-sqlite3 then looks for itself)', () => {
    const bundle = pathToFileURL(join(root, 'elsewhere', 'main.js'));
    // The temp folder's ancestors hold no node_modules/better-sqlite3.
    expect(bundledNativeBinding(bundle.href)).toBeUndefined();
  });
});
