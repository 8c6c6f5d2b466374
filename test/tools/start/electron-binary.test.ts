import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkElectron, type ElectronCheckInput } from '../../../tools/start/electron-binary';

const DIR = '/repo/node_modules/electron';

function input(
  files: Record<string, string>,
  overrides: Partial<ElectronCheckInput> = {},
): ElectronCheckInput {
  return {
    electronDir: DIR,
    env: { DISPLAY: ':0' },
    platform: 'linux',
    exists: (file) => file in files,
    readText: (file) => files[file],
    ...overrides,
  };
}

const PACKAGE = { [join(DIR, 'package.json')]: '{}' };

describe('checkElectron', () => {
  it('finds the downloaded binary through path.txt', () => {
    const files = {
      ...PACKAGE,
      [join(DIR, 'path.txt')]: 'electron',
      [join(DIR, 'dist', 'electron')]: '',
    };
    expect(checkElectron(input(files))).toEqual({
      ok: true,
      binary: join(DIR, 'dist', 'electron'),
    });
  });

  it('takes ELECTRON_OVERRIDE_DIST_PATH as index.js does', () => {
    const files = { ...PACKAGE, '/opt/electron/electron': '' };
    const env = { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' };
    expect(checkElectron(input(files, { env }))).toEqual({
      ok: true,
      binary: '/opt/electron/electron',
    });
  });

  it('says the binary is missing, without downloading it, when path.txt or the file is absent', () => {
    const noPathTxt = checkElectron(input(PACKAGE));
    expect(noPathTxt).toMatchObject({
      ok: false,
      reason: expect.stringContaining('npx install-electron'),
    });
    const noBinary = checkElectron(input({ ...PACKAGE, [join(DIR, 'path.txt')]: 'electron' }));
    expect(noBinary.ok).toBe(false);
    const overrideMissing = checkElectron(
      input(PACKAGE, { env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/nope' } }),
    );
    expect(overrideMissing.ok).toBe(false);
  });

  it('says the package is missing before anything else', () => {
    expect(checkElectron(input({}))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('npm ci'),
    });
  });

  it('needs a display on Linux only', () => {
    const files = {
      ...PACKAGE,
      [join(DIR, 'path.txt')]: 'electron',
      [join(DIR, 'dist', 'electron')]: '',
    };
    expect(checkElectron(input(files, { env: {} }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('DISPLAY'),
    });
    expect(checkElectron(input(files, { env: { WAYLAND_DISPLAY: 'wayland-0' } })).ok).toBe(true);
    const mac = {
      ...PACKAGE,
      [join(DIR, 'path.txt')]: 'Electron.app/Contents/MacOS/Electron',
      [join(DIR, 'dist', 'Electron.app/Contents/MacOS/Electron')]: '',
    };
    expect(checkElectron(input(mac, { env: {}, platform: 'darwin' })).ok).toBe(true);
  });
});
