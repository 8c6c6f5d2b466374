// The main process's esbuild options: one ESM file with every dependency bundled in and only
// `electron` left outside. Bare ESM imports resolved inside app.asar have broken in several
// Electron releases (https://github.com/electron/electron/issues/40211,
// https://github.com/electron/electron/issues/41241, https://github.com/electron/electron/issues/45896);
// a bundle resolves nothing there but `electron` and Node's builtins.
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

/** Electron 45 runs Node 24 (tools/build-app.ts says how that is known). */
export const MAIN_NODE_TARGET = 'node24';

const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/**
 * Leaves Node's builtins outside the bundle under their `node:` names (dependencies write `fs`,
 * `path`…), so that the built file provably imports nothing but `electron` and `node:*`.
 */
export const nodePrefixedBuiltins: Plugin = {
  name: 'node-prefixed-builtins',
  setup(build) {
    build.onResolve({ filter: /^[a-z_/]+$/ }, (args) => {
      const base = args.path.split('/')[0] ?? '';
      if (!BUILTINS.has(args.path) && !BUILTINS.has(base)) return undefined;
      return { path: `node:${args.path}`, external: true };
    });
  },
};

/**
 * CommonJS dependencies (express, electron-log) call `require('electron')` and `require('node:…')`;
 * an ESM bundle has no `require` of its own, so it gets one bound to the file.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** esbuild options for dist/main/main.js. */
export function mainBuildOptions(root: string, development: boolean): BuildOptions {
  return {
    entryPoints: [path.join(root, 'main', 'electron', 'main.ts')],
    outfile: path.join(root, 'dist', 'main', 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: MAIN_NODE_TARGET,
    external: ['electron'],
    plugins: [nodePrefixedBuiltins],
    banner: { js: REQUIRE_BANNER },
    sourcemap: development ? 'linked' : false,
    minify: !development,
    logLevel: 'warning',
  };
}
