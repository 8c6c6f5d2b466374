import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareGlibc,
  GLIBC_FLOOR,
  glibcProblem,
  newestGlibcIn,
} from '../../../tools/artifacts/glibc';
import { archProblem, isMacArch, parseLipoArchs } from '../../../tools/artifacts/mac-arch';
import { nativeModulesUnder, unpackedDirOf } from '../../../tools/artifacts/native-modules';
import { linuxPackageOf, packageTypeProblem } from '../../../tools/artifacts/package-type';

// The rules of the build jobs' artifact checks (tools/check-artifacts.ts), on any machine; the
// same checks on real packages and binaries are in the files beside this one, in their OS's set.

describe('package-type', () => {
  it('wants no package-type in the AppImage and "deb" in the deb', () => {
    expect(linuxPackageOf('release/appimage/Recorder Tray-0.1.0.AppImage')).toBe('AppImage');
    expect(linuxPackageOf('release/deb/recorder-tray_0.1.0_amd64.deb')).toBe('deb');
    expect(linuxPackageOf('release/latest-linux.yml')).toBeUndefined();
    expect(packageTypeProblem('AppImage', undefined)).toBeUndefined();
    expect(packageTypeProblem('AppImage', 'deb')).toMatch(/would update itself as a deb/);
    expect(packageTypeProblem('deb', 'deb\n')).toBeUndefined();
    expect(packageTypeProblem('deb', 'rpm')).toMatch(/"rpm", not "deb"/);
    expect(packageTypeProblem('deb', undefined)).toMatch(/as an AppImage/);
  });
});

describe('glibc', () => {
  it('compares versions by their numbers and finds the newest an objdump -T names', () => {
    expect(compareGlibc('2.9', '2.35')).toBeLessThan(0);
    expect(compareGlibc('2.2.5', '2.2')).toBeGreaterThan(0);
    expect(compareGlibc('2.35', '2.35')).toBe(0);
    const objdump = [
      '0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) free',
      '0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.38) __isoc23_strtol',
      '0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.14) memcpy',
      '0000000000000000  w   D  *UND*  0000000000000000 (GLIBCXX_3.4.32) _ZSt4cout',
    ].join('\n');
    expect(newestGlibcIn(objdump)).toBe('2.38');
    expect(newestGlibcIn('no versioned symbols')).toBeUndefined();
  });

  it("fails a module that needs a glibc newer than the floor (Ubuntu 22.04's)", () => {
    expect(GLIBC_FLOOR).toBe('2.35');
    expect(glibcProblem('m.node', '2.38', GLIBC_FLOOR)).toBe(
      'm.node needs glibc 2.38, newer than 2.35: it would not load there',
    );
    expect(glibcProblem('m.node', '2.35', GLIBC_FLOOR)).toBeUndefined();
    expect(glibcProblem('m.node', undefined, GLIBC_FLOOR)).toBeUndefined();
  });
});

describe('lipo', () => {
  it("wants each Mac build's own architecture", () => {
    expect(parseLipoArchs('x86_64 arm64\n')).toEqual(['x86_64', 'arm64']);
    expect(isMacArch('x64')).toBe(true);
    expect(isMacArch('universal')).toBe(false);
    expect(archProblem('m.node', ['x86_64'], 'x64')).toBeUndefined();
    expect(archProblem('m.node', ['x86_64', 'arm64'], 'arm64')).toBeUndefined();
    expect(archProblem('m.node', ['arm64'], 'x64')).toBe('m.node is arm64, not x86_64 (x64)');
    expect(archProblem('m.node', [], 'arm64')).toMatch(/of no architecture/);
  });
});

describe('the native modules of a packaged app', () => {
  it('are every .node file unpacked beside the asar, on Linux and in a Mac .app', async () => {
    const app = await mkdtemp(join(tmpdir(), 'unpacked-'));
    const unpacked = unpackedDirOf(app);
    expect(unpacked).toBe(join(app, 'resources', 'app.asar.unpacked'));
    expect(unpackedDirOf('/r/mac/Recorder Tray.app')).toBe(
      join('/r/mac/Recorder Tray.app', 'Contents', 'Resources', 'app.asar.unpacked'),
    );
    await expect(nativeModulesUnder(unpacked)).rejects.toThrow();
    const release = join(unpacked, 'node_modules', 'better-sqlite3', 'build', 'Release');
    await mkdir(release, { recursive: true });
    await expect(nativeModulesUnder(unpacked)).rejects.toThrow(/no native module/);
    await writeFile(join(release, 'better_sqlite3.node'), '');
    await writeFile(join(release, 'notes.txt'), '');
    expect(await nativeModulesUnder(unpacked)).toEqual([join(release, 'better_sqlite3.node')]);
  });
});
