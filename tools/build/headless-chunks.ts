// The headless bundle's chunks: the parts loaded only when used (express at the browser preview's
// first request, nodemailer at the first email), beside the entry and named after it, e.g.
// dist/headless/cli.nodemailer-3FJ6KQ2M.mjs. A rebuild names changed chunks anew (by their hash);
// the old ones go, except those of the build it replaces: an app started from that build a
// moment ago may still load them.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** How a chunk's name (or its source map's) ends: esbuild's hash of its contents (chunkNames). */
const CHUNK_END = /-[A-Z0-9]{8}\.mjs(\.map)?$/;

/** The prefix of the chunks of the entry `entryFile` (`cli.mjs` → `cli.`). */
function chunkPrefix(entryFile: string): string {
  return `${path.basename(entryFile, '.mjs')}.`;
}

/**
 * The chunks the built entry at `entryFile` loads, statically or dynamically, directly or through
 * another chunk (absolute paths, present or not); none when it does not exist.
 */
export function chunksOf(entryFile: string): Set<string> {
  const folder = path.dirname(entryFile);
  const prefix = chunkPrefix(entryFile);
  const found = new Set<string>();
  const visit = (file: string) => {
    let code: string;
    try {
      code = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    // esbuild writes `from "./cli.x-HASH.mjs"` and `import("./cli.x-HASH.mjs")`.
    for (const match of code.matchAll(/["']\.\/([^"'/]+\.mjs)["']/g)) {
      const chunk = path.join(folder, match[1]!);
      if (!match[1]!.startsWith(prefix) || found.has(chunk)) continue;
      found.add(chunk);
      visit(chunk);
    }
  };
  visit(entryFile);
  return found;
}

/** Removes the chunks (and their source maps) beside `entryFile` that are not in `keep`. */
export function removeChunksBut(entryFile: string, keep: ReadonlySet<string>): void {
  const folder = path.dirname(entryFile);
  const prefix = chunkPrefix(entryFile);
  for (const name of readdirSync(folder)) {
    const chunk = path.join(folder, name.replace(/\.map$/, ''));
    if (!name.startsWith(prefix) || !CHUNK_END.test(name) || keep.has(chunk)) continue;
    rmSync(path.join(folder, name), { force: true });
  }
}
