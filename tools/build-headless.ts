// `npm run headless` first runs this: it builds dist/headless/cli.mjs when the sources are newer
// (about a second), then npm runs the bundle with plain node (one process, no tsx at run time).
// It speaks on standard error only: standard output is headless mode's JSON lines.
import path from 'node:path';
import { buildHeadlessIfStale, HEADLESS_BUNDLE } from './build/headless-bundle';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
try {
  if (buildHeadlessIfStale(root))
    process.stderr.write(
      `headless: built ${HEADLESS_BUNDLE} in ${Math.round(performance.now() - started)} ms\n`,
    );
} catch (error) {
  process.stderr.write(`headless: the build failed: ${String(error)}\n`);
  process.exit(1);
}
