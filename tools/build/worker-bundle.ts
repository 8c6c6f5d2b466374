// The checkpoint worker (main/adapters/database/checkpoint-worker.ts) as a file of its own beside
// each bundle that runs the database: dist/main/ (the desktop app), dist/headless/ and the tests'
// copies under test-output/. A worker_threads Worker starts from a file, not from a part of the
// bundle that spawns it; wal-file.ts looks for it beside itself. `.mjs`: packaged, it sits in
// app.asar.unpacked, where no package.json says "type": "module".
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { CHECKPOINT_WORKER_BUNDLE } from '../../main/adapters/database/wal-file';
import { REQUIRE_BANNER } from './main-bundle';

/** The worker's source, relative to the repository. */
export const CHECKPOINT_WORKER_ENTRY = 'main/adapters/database/checkpoint-worker.ts';

/** Where the worker goes beside a bundle at `bundleFile`. */
export function checkpointWorkerBeside(bundleFile: string): string {
  return path.join(path.dirname(bundleFile), CHECKPOINT_WORKER_BUNDLE);
}

/**
 * esbuild options for the worker at `outfile`: better-sqlite3's JavaScript bundled in (its native
 * module's path comes from the app, native-binding.ts), Node's builtins left outside.
 */
export function checkpointWorkerBuildOptions(
  root: string,
  outfile: string,
  target: string,
  development: boolean,
): BuildOptions {
  return {
    entryPoints: [path.join(root, CHECKPOINT_WORKER_ENTRY)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    // better-sqlite3 is CommonJS and calls `require`.
    banner: { js: REQUIRE_BANNER },
    sourcemap: development ? 'linked' : false,
    minify: !development,
    logLevel: 'warning',
  };
}
