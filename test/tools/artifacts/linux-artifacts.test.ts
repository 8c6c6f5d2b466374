import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { glibcProblem, newestGlibcOf } from '../../../tools/artifacts/glibc';
import { checkPackageType, DEB_APP_DIR } from '../../../tools/artifacts/package-type';
import { requirePlatform } from '../../helpers/require-tool';
import { PROJECT_ROOT } from '../../helpers/headless-process';

const run = promisify(execFile);

// The Linux checks on real files (the os-linux set): debs built with dpkg-deb, ELF libraries
// compiled here with cc, objdump's own reading. The AppImage is a `#!/bin/sh` stand-in of its
// runtime's --appimage-extract (a real one needs electron-builder's download).
requirePlatform(['linux'], 'Linux packages and ELF files');

async function deb(dir: string, packageType: string | undefined): Promise<string> {
  const root = join(dir, 'pkg');
  await mkdir(join(root, 'DEBIAN'), { recursive: true });
  await writeFile(
    join(root, 'DEBIAN', 'control'),
    'Package: recorder-tray\nVersion: 0.1.0\nArchitecture: amd64\nMaintainer: t <t@example.com>\nDescription: t\n',
  );
  const resources = join(root, DEB_APP_DIR, 'resources');
  await mkdir(resources, { recursive: true });
  await writeFile(join(resources, 'app.asar'), 'asar');
  if (packageType !== undefined) await writeFile(join(resources, 'package-type'), packageType);
  const file = join(dir, 'recorder-tray_0.1.0_amd64.deb');
  await run('dpkg-deb', ['--build', '--root-owner-group', root, file]);
  return file;
}

async function appImage(dir: string, packageType: string | undefined): Promise<string> {
  const file = join(dir, 'Recorder Tray-0.1.0.AppImage');
  const writeType =
    packageType === undefined
      ? ''
      : `printf '%s' '${packageType}' > squashfs-root/resources/package-type`;
  await writeFile(
    file,
    `#!/bin/sh\n[ "$1" = --appimage-extract ] || exit 64\nmkdir -p squashfs-root/resources\n: > squashfs-root/resources/app.asar\n${writeType}\n`,
  );
  await chmod(file, 0o755);
  return file;
}

describe('the package-type of each Linux package', () => {
  it('passes a deb that says deb and an AppImage that says nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packages-'));
    expect(await checkPackageType(await deb(dir, 'deb'))).toBeUndefined();
    expect(await checkPackageType(await appImage(dir, undefined))).toBeUndefined();
  });

  it('fails an AppImage built beside the deb, and a deb without its word', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packages-'));
    expect(await checkPackageType(await appImage(dir, 'deb'))).toMatch(
      /^Recorder Tray-0\.1\.0\.AppImage: .*would update itself as a deb/,
    );
    expect(await checkPackageType(await deb(dir, undefined))).toMatch(/no resources\/package-type/);
  });
});

describe('the glibc a native module needs', () => {
  /** A shared library calling `call`, compiled here: its import is versioned by this glibc. */
  async function library(dir: string, name: string, call: string): Promise<string> {
    const source = join(dir, `${name}.c`);
    await writeFile(
      source,
      `#define _GNU_SOURCE\n#include <unistd.h>\n#include <sys/random.h>\nlong f(void) { return (long)${call}; }\n`,
    );
    const file = join(dir, `${name}.so`);
    await run('cc', ['-shared', '-fPIC', '-o', file, source]);
    return file;
  }

  it('is read from the file, and one newer than the floor fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glibc-'));
    // getrandom is GLIBC_2.25; close_range came with glibc 2.34.
    const old = await library(dir, 'old', 'getrandom(0, 0, 0)');
    const recent = await library(dir, 'recent', 'close_range(3, 3, 0)');
    expect(await newestGlibcOf(old)).toBe('2.25');
    expect(await newestGlibcOf(recent)).toBe('2.34');
    expect(glibcProblem(recent, await newestGlibcOf(recent), '2.31')).toMatch(
      /needs glibc 2\.34, newer than 2\.31/,
    );
    expect(glibcProblem(old, await newestGlibcOf(old), '2.31')).toBeUndefined();
  });

  it('reads the database module npm ci built here', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glibc-'));
    const module = join(dir, 'better_sqlite3.node');
    await copyFile(
      join(
        PROJECT_ROOT,
        'node_modules',
        'better-sqlite3',
        'build',
        'Release',
        'better_sqlite3.node',
      ),
      module,
    );
    expect(await newestGlibcOf(module)).toMatch(/^2\.\d+$/);
  });
});
