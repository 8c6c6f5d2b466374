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
 * The native module, looked for from the code's folder up: a bundle must name it (`bindings`
 * searches from its own file, which a bundle lacks); packaged, in app.asar.unpacked, as a native
 * module cannot load from the asar (https://github.com/WiseLibs/better-sqlite3/blob/master/docs/troubleshooting.md).
 */
export function bundledNativeBinding(moduleUrl: string): string | undefined {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    const candidate = unpackedPath(join(dir, ...NATIVE_MODULE_PATH));
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The same path with app.asar replaced by app.asar.unpacked (unchanged outside an asar). */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
