// Headless mode as a bundle, as the desktop main process already is: started through tsx it took
// 88 MB of RSS and 0.75 s to `ready`, bundled 63 MB and about 0.3 s (issue 21). Every
// dependency is bundled in (nothing resolved from node_modules at run time); only Node's builtins
// stay outside (platform 'node' does that by itself; no plugin, so that tests can build it
// synchronously: esbuild's synchronous API takes no plugins).
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';
import { newestMtime } from '../start/build-freshness';
import { chunksOf, removeChunksBut } from './headless-chunks';
import { REQUIRE_BANNER } from './main-bundle';
import { checkpointWorkerBeside, checkpointWorkerBuildOptions } from './worker-bundle';

/**
 * Node 20.19 is the oldest headless mode runs on (the README says so); package.json's engines name
 * the Node of the tools and tests, Electron 45's (24).
 */
const HEADLESS_NODE_TARGET = 'node20';

/** Where `npm run headless` and the `npm start` fallback find the bundle, relative to the repository. */
export const HEADLESS_BUNDLE = 'dist/headless/cli.mjs';

/**
 * The node options headless mode runs with (`npm run headless`, the `npm start` fallback, the
 * benches; docs/headless-and-nas.md gives the plain `node` line with them). `--v8-pool-size=1`: one V8 worker
 * thread instead of four. Each thread that allocates gets a malloc arena of its own from glibc,
 * which keeps what it once held; after a flood of webhooks that memory stayed with the process.
 * A minute after 150,000 webhooks (2026-11-28, alternating runs): idle + 40.6, 44.9 and 47.9 MB
 * with four threads, + 32.3, 38.5 and 39.3 MB with one (`MALLOC_ARENA_MAX=1`, which cannot be
 * set from inside the process: + 24.9 MB). A NAS process waits for webhooks: background GC and
 * compile threads buy it little.
 */
export const HEADLESS_NODE_OPTIONS = ['--v8-pool-size=1'] as const;

/**
 * What the bundle is made of, relative to the repository (folders are walked). Its location
 * matters too: cli.ts finds dist/renderer and package.json two folders up from itself, which
 * holds for dist/headless/ and test-output/<name>/ alike.
 */
export const HEADLESS_INPUTS = [
  'main',
  'shared',
  'tools/build/headless-bundle.ts',
  'tools/build/headless-chunks.ts',
  'tools/build/main-bundle.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
] as const;

/**
 * esbuild options for the headless bundle at `outfile` (absolute, `.mjs`); `entry` (relative to
 * the repository) is headless mode's own unless a test builds its test-only entry. What is loaded
 * only when used (a dynamic `import()`: express, nodemailer, the phone's bots with ws, the recorder
 * streams) goes to chunks beside it (headless-chunks.ts): V8 parses the whole of a file it loads, and every megabyte of code parsed
 * at start cost headless mode several megabytes of RSS for as long as it runs (issue 21). Beside
 * it, not in a folder below: a chunk holding code that reads `import.meta.url` finds the same
 * files the entry does.
 */
export function headlessBuildOptions(
  root: string,
  outfile: string,
  entry = 'main/headless/cli.ts',
): BuildOptions {
  if (!outfile.endsWith('.mjs'))
    throw new Error(`the headless bundle must be a .mjs file: ${outfile}`);
  const name = path.basename(outfile, '.mjs');
  return {
    entryPoints: [path.join(root, entry)],
    outdir: path.dirname(outfile),
    entryNames: name,
    chunkNames: `${name}.[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: HEADLESS_NODE_TARGET,
    // Each chunk gets it too: every file is a module of its own.
    banner: { js: REQUIRE_BANNER },
    // Stack traces in the log name the sources: worth the file beside it on a NAS.
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** Whether the bundle at `outfile` is missing, lacks a chunk or is older than a source of it. */
export function headlessBundleIsStale(root: string, outfile: string, entry?: string): boolean {
  const built = statSync(outfile, { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) return true;
  const inputs = entry ? [...HEADLESS_INPUTS, entry] : HEADLESS_INPUTS;
  if (inputs.some((input) => newestMtime(path.join(root, input)) > built)) return true;
  // A chunk is loaded only when used: one gone would fail that feature later, not the start;
  // the checkpoint worker at the first checkpoint.
  if (!existsSync(checkpointWorkerBeside(outfile))) return true;
  return [...chunksOf(outfile)].some((chunk) => !existsSync(chunk));
}

/**
 * Builds the bundle when it is stale, and the checkpoint worker beside it (worker-bundle.ts). Each
 * file is written aside and renamed into place (the chunks first, the entry last), so that a start
 * or a test running at the same moment never loads half a file, nor an entry whose chunks are not
 * there yet; then the chunks of older builds go but those of the build replaced
 * (headless-chunks.ts). True when it was built now.
 */
export function buildHeadlessIfStale(
  root: string,
  outfile = path.join(root, HEADLESS_BUNDLE),
  entry?: string,
): boolean {
  if (!headlessBundleIsStale(root, outfile, entry)) return false;
  mkdirSync(path.dirname(outfile), { recursive: true });
  const result = buildSync({ ...headlessBuildOptions(root, outfile, entry), write: false });
  const workerFile = checkpointWorkerBeside(outfile);
  const workerOptions = checkpointWorkerBuildOptions(root, workerFile, HEADLESS_NODE_TARGET, true);
  const worker = buildSync({ ...workerOptions, write: false });
  const replaced = chunksOf(outfile);
  const isEntry = (file: { path: string }) => file.path === outfile;
  const files = [
    ...worker.outputFiles,
    ...result.outputFiles.filter((file) => !isEntry(file)),
    ...result.outputFiles.filter(isEntry),
  ];
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.path.endsWith('.mjs') ? asciiOnly(file.text) : file.contents);
    renameSync(temp, file.path);
  }
  removeChunksBut(outfile, new Set([...replaced, ...files.map((file) => file.path)]));
  return true;
}

/**
 * The bundle with every non-ASCII character escaped. esbuild escapes them in strings but leaves
 * them in regular expressions and some comments (ours: `[。（，]`; a dependency's `[0-9¹²³]`), and
 * a single one makes V8 hold the whole file's source as two bytes a character: as much RSS again
 * for as long as the app runs (issue 21; the bundle was one 3 MB file then). A `\uXXXX` escape
 * means the same in a regular expression (with or without the u flag, surrogate pairs included)
 * and nothing in a comment. The source map's columns on those few lines shift; its lines do not.
 */
export function asciiOnly(code: string): string {
  return code.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
