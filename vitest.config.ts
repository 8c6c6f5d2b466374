import { configDefaults, defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its coming default) resolves no bare paths.
import { TEST_SETS } from './tools/test-sets/sets.ts';

/**
 * Tests run in plain Node; Electron is never loaded (its binary is not on these machines). The
 * files are split into sets by what they need (tools/test-sets/sets.ts), one vitest project each:
 * `npm test` runs those that apply to this OS (tools/test-sets.ts), `--project <name>` one.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // Keeps a stray `import 'electron'` from trying to download the binary.
    env: { ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron-dist' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Builds dist/renderer once per run when it is older than its sources (browser tests load it).
    globalSetup: ['test/renderer/global-setup.ts'],
    projects: TEST_SETS.map((set) => ({
      extends: true,
      test: {
        name: set.name,
        include: set.include,
        exclude: [...configDefaults.exclude, ...set.exclude],
      },
    })),
  },
});
