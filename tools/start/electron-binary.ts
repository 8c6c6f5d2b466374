import path from 'node:path';

/** Where the Electron binary is, or why the desktop app cannot run here. */
export type ElectronCheck = { ok: true; binary: string } | { ok: false; reason: string };

/** What the check reads; real file access in tools/start.ts, plain values in tests. */
export interface ElectronCheckInput {
  /** node_modules/electron */
  electronDir: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  exists: (file: string) => boolean;
  /** A file's text, or undefined when it cannot be read. */
  readText: (file: string) => string | undefined;
}

/**
 * Finds the Electron binary the way the `electron` package's index.js does (path.txt, and
 * ELECTRON_OVERRIDE_DIST_PATH), without its side effect: since Electron 45, `require('electron')`
 * downloads a missing binary on the spot and throws when that fails. Also says no on Linux without
 * a display, where Electron cannot open a window or a tray.
 */
export function checkElectron(input: ElectronCheckInput): ElectronCheck {
  const { electronDir, env } = input;
  if (!input.exists(path.join(electronDir, 'package.json'))) {
    return { ok: false, reason: 'the electron package is not installed (run npm ci)' };
  }
  const pathTxt = input.readText(path.join(electronDir, 'path.txt'))?.trim();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  let binary: string | undefined;
  if (override !== undefined && override !== '')
    binary = path.join(override, pathTxt || 'electron');
  else if (pathTxt) binary = path.join(electronDir, 'dist', pathTxt);
  if (binary === undefined || !input.exists(binary)) {
    return {
      ok: false,
      reason:
        'the Electron binary is not installed (with internet access, `npx install-electron` downloads it)',
    };
  }
  if (input.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { ok: false, reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { ok: true, binary };
}
