import { defineConfig } from 'vitest/config';

/** Tests run in plain Node; Electron is never loaded (its binary is not on these machines). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Keeps a stray `import 'electron'` from trying to download the binary.
    env: { ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron-dist' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Builds dist/renderer once per run when it is older than its sources (browser tests load it).
    globalSetup: ['test/renderer/global-setup.ts'],
  },
});
