import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  configuredNames,
  linuxTargetsOf,
  linuxTargetsProblem,
} from '../../../tools/installers/linux-targets';
import { PROJECT_ROOT } from '../../helpers/headless-process';

const run = promisify(execFile);
const configured = ['AppImage', 'deb'];

describe('the Linux targets of one electron-builder run', () => {
  it('are those named after --linux, else the configured ones when it builds for Linux', () => {
    const on = (args: string[], platform: NodeJS.Platform = 'linux') =>
      linuxTargetsOf(args, platform, configured);
    expect(on(['--publish', 'never', '--linux', 'AppImage', '--x64'])).toEqual(['AppImage']);
    expect(on(['--linux', 'deb', 'AppImage'])).toEqual(['deb', 'AppImage']);
    expect(on(['-l', 'AppImage:x64,deb'])).toEqual(['AppImage', 'deb']);
    expect(on(['--linux=deb'])).toEqual(['deb']);
    expect(on(['--linux', '--x64'])).toEqual(configured);
    expect(on(['--publish', 'never'])).toEqual(configured); // this OS's default: Linux
    expect(on(['--win', 'nsis'])).toEqual([]);
    expect(on(['--publish', 'never'], 'darwin')).toEqual([]);
    expect(configuredNames(['AppImage', { target: 'deb' }])).toEqual(configured);
  });

  it('may not be the AppImage and the deb together', () => {
    expect(linuxTargetsProblem(['AppImage'])).toBeUndefined();
    expect(linuxTargetsProblem(['deb'])).toBeUndefined();
    expect(linuxTargetsProblem(['appimage', 'deb'])).toMatch(/separate runs/);
  });
});

describe('npm run dist', () => {
  it('refuses to build both Linux packages in one run, before electron-builder starts', async () => {
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/dist.ts', '--publish', 'never', '--linux', 'AppImage', 'deb'],
      { cwd: PROJECT_ROOT },
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(
      /dist: build the AppImage and the deb in separate runs/,
    );
  }, 30_000);
});
