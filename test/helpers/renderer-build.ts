import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestMtime } from '../../tools/start/build-freshness';
import { PROJECT_ROOT } from './headless-process';

/** The built window the browser preview serves. */
export const RENDERER_INDEX = join(PROJECT_ROOT, 'dist', 'renderer', 'index.html');

// What the renderer bundle is made of: a change to any of these makes dist/renderer stale.
const INPUTS = [
  'renderer',
  'shared',
  'vite.config.ts',
  'tools/build-app.ts',
  'package-lock.json',
  'tsconfig.json',
];

/** Whether dist/renderer is missing or older than one of its sources. */
export function rendererBuildIsStale(): boolean {
  if (!existsSync(RENDERER_INDEX)) return true;
  const built = statSync(RENDERER_INDEX).mtimeMs;
  return INPUTS.some((input) => newestMtime(join(PROJECT_ROOT, input)) > built);
}

/**
 * Runs `npm run build` (without npm) when dist/renderer is stale. A lock directory keeps two
 * test runs on one machine from building over each other; a lock older than two minutes is a
 * leftover of a killed run.
 */
export function ensureRendererBuilt(): void {
  const lock = join(
    tmpdir(),
    `recorder-tray-build-${Buffer.from(PROJECT_ROOT).toString('base64url').slice(-24)}.lock`,
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another build holds ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200); // a synchronous pause
    }
  }
  try {
    if (!rendererBuildIsStale()) return;
    // One process, as headless and the demo run (the tsx command would start a second one).
    execFileSync(process.execPath, ['--import', 'tsx', 'tools/build-app.ts'], {
      cwd: PROJECT_ROOT,
      stdio: 'pipe',
      timeout: 120_000,
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
