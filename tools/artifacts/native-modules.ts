// The native modules a packaged app loads: every `.node` file electron-builder unpacked beside
// the asar (electron-builder.yml's asarUnpack), better-sqlite3's among them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The unpacked folder of a packaged app: a linux-unpacked folder or a macOS `.app`. */
export function unpackedDirOf(app: string): string {
  return app.endsWith('.app')
    ? path.join(app, 'Contents', 'Resources', 'app.asar.unpacked')
    : path.join(app, 'resources', 'app.asar.unpacked');
}

/** Every `.node` file under `dir`, sorted; an error when there is none (nothing was checked). */
export async function nativeModulesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const found = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  if (found.length === 0) throw new Error(`no native module (.node) under ${dir}`);
  return found;
}
