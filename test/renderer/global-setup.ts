import { ensureRendererBuilt } from '../helpers/renderer-build';

/**
 * Vitest global setup: the browser tests load dist/renderer, so build it once per run if it is
 * missing or stale. A failed build is reported, not thrown: the browser tests then fail on their
 * own ("headless did not serve the preview") and every other test still runs.
 */
export default function setup(): void {
  try {
    ensureRendererBuilt();
  } catch (error) {
    const output = (error as { stderr?: Buffer; stdout?: Buffer }).stderr?.toString() ?? '';
    console.error(
      `renderer build failed; the browser tests will fail:\n${String(error)}\n${output}`,
    );
  }
}
