import { defineConfig } from 'vitest/config';

/** Tests run in plain Node; Electron is never loaded (its binary is not on these machines). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Keeps a stray `import 'electron'` from trying to download the binary.
    env: {
      ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron-dist',
      // No test reaches bilibili: apps that fetch room pictures get a closed loopback port
      // (port 9, discard) unless the test points `pictures.liveApiHost` at its fake.
      RECORDER_TRAY_LIVE_API_HOST: 'http://127.0.0.1:9',
    },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Builds dist/renderer once per run when it is older than its sources (browser tests load it).
    globalSetup: ['test/renderer/global-setup.ts'],
  },
});
