import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where better-sqlite3's compiled module sits below the app's root folder. */
export const NATIVE_MODULE_PATH = [
  'node_modules',
  'better-sqlite3',
  'build',
  'Release',
  'better_sqlite3.node',
] as const;

/**
 * The native module for a bundled build, or undefined when running from the sources (then
 * better-sqlite3 finds it itself, through `bindings`). Both bundles (dist/main/main.js,
 * dist/headless/cli.mjs, and the tests' copies in test-output/<name>/) sit two folders below the
 * app's root, where node_modules is; `bindings` cannot work inside a bundle (it finds the package
 * from its own file's path). Packaged, the module is unpacked from the asar (electron-builder's
 * asarUnpack): a native module cannot be loaded from inside the archive
 * (https://github.com/WiseLibs/better-sqlite3/blob/master/docs/troubleshooting.md), so the path
 * is taken in app.asar.unpacked.
 */
export function bundledNativeBinding(moduleUrl: string): string | undefined {
  const root = join(dirname(fileURLToPath(moduleUrl)), '..', '..');
  const candidate = unpackedPath(join(root, ...NATIVE_MODULE_PATH));
  return existsSync(candidate) ? candidate : undefined;
}

/** The same path with app.asar replaced by app.asar.unpacked (unchanged outside an asar). */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
