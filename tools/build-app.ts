// Builds what the packaged app runs, into dist/:
//   dist/main/main.js          main process (ESM; dependencies bundled in, only `electron` outside)
//   dist/main/checkpoint-worker.mjs  the database's checkpoint worker (unpacked from the asar)
//   dist/preload/preload.cjs   preload (one CommonJS file: a sandboxed preload cannot load modules)
//   dist/renderer/             the window, built by Vite
//   dist/icons/tray/           tray icons read at run time
// Usage: tsx tools/build-app.ts [--dev]   (--dev keeps source maps and skips minifying)
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { MAIN_NODE_TARGET, mainBuildOptions } from './build/main-bundle';
import { checkpointWorkerBeside, checkpointWorkerBuildOptions } from './build/worker-bundle';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const development = process.argv.includes('--dev');

/**
 * Electron 45 runs Node 24 (its npm package types it with @types/node 24; its DEPS name Node
 * v24.18) and Chromium 153 or later: the syntax the preload and the window may keep as written.
 */
const NODE_TARGET = MAIN_NODE_TARGET;
const CHROME_TARGET = 'chrome153';

async function buildMain(): Promise<void> {
  const options = mainBuildOptions(root, development);
  await esbuild(options);
  const worker = checkpointWorkerBeside(options.outfile!);
  await esbuild(checkpointWorkerBuildOptions(root, worker, MAIN_NODE_TARGET, development));
}

async function buildPreload(): Promise<void> {
  await esbuild({
    entryPoints: [path.join(root, 'renderer', 'preload', 'preload.ts')],
    outfile: path.join(dist, 'preload', 'preload.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: [NODE_TARGET, CHROME_TARGET],
    external: ['electron'],
    sourcemap: development ? 'inline' : false,
    minify: !development,
    logLevel: 'warning',
  });
}

async function buildRenderer(): Promise<void> {
  const configFile = path.join(root, 'vite.config.ts');
  await viteBuild({
    root: path.join(root, 'renderer'),
    base: './', // relative asset URLs work on app:// and in the browser preview alike
    configFile: existsSync(configFile) ? configFile : false,
    logLevel: 'warn',
    build: {
      outDir: path.join(dist, 'renderer'),
      emptyOutDir: true,
      target: CHROME_TARGET,
      sourcemap: development,
      minify: !development,
      // Inline assets would be data: URLs for scripts, which the CSP forbids.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    },
  });
}

function copyIcons(): void {
  const target = path.join(dist, 'icons', 'tray');
  mkdirSync(target, { recursive: true });
  cpSync(path.join(root, 'build', 'icons', 'tray'), target, { recursive: true });
  cpSync(
    path.join(root, 'build', 'icons', 'app', '256x256.png'),
    path.join(dist, 'icons', 'app.png'),
  );
}

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
await Promise.all([buildMain(), buildPreload()]);
await buildRenderer();
copyIcons();
console.log(
  `build: dist/ ready in ${Math.round(performance.now() - started)} ms${development ? ' (dev)' : ''}`,
);
