// Which updater each Linux package will get. electron-updater picks it from
// `resources/package-type` (electron-updater 6.8's main.js: `deb` → DebUpdater, which installs
// with `pkexec dpkg -i`; no file → AppImageUpdater). electron-builder's deb target writes that
// file into the shared `linux-unpacked/resources` (app-builder-lib 26.17, FpmTarget.js: "Extra
// file needed for auto-updater to detect installation method"), and the AppImage target copies
// the same folder (appimage/appImageUtil.js, `copyDir(appDir, stageDir)`): built in one run, the
// AppImage may carry `deb` and update itself as a .deb. The release builds them in separate runs;
// this checks what each artifact really holds.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where electron-builder's deb puts the app (`/opt/<productName>`, LinuxTargetHelper). */
export const DEB_APP_DIR = path.join('opt', 'Recorder Tray');

/** The Linux packages the release ships. */
export type LinuxPackage = 'AppImage' | 'deb';

/** The kind of a Linux package by its file name; undefined for another file. */
export function linuxPackageOf(file: string): LinuxPackage | undefined {
  if (file.endsWith('.AppImage')) return 'AppImage';
  if (file.endsWith('.deb')) return 'deb';
  return undefined;
}

/**
 * What is wrong with a package's `resources/package-type` (its text, or undefined when absent):
 * the AppImage must have none (AppImageUpdater), the deb must say `deb` (DebUpdater).
 */
export function packageTypeProblem(
  kind: LinuxPackage,
  packageType: string | undefined,
): string | undefined {
  if (kind === 'AppImage' && packageType !== undefined)
    return `the AppImage holds resources/package-type "${packageType.trim()}": it would update itself as a ${packageType.trim()}`;
  if (kind === 'deb' && packageType?.trim() !== 'deb')
    return packageType === undefined
      ? 'the deb holds no resources/package-type: it would update itself as an AppImage'
      : `the deb's resources/package-type is "${packageType.trim()}", not "deb"`;
  return undefined;
}

/** The app's resources folder of a package unpacked into `dir`. */
async function unpack(kind: LinuxPackage, file: string, dir: string): Promise<string> {
  if (kind === 'deb') {
    await run('dpkg-deb', ['-x', path.resolve(file), dir]);
    return path.join(dir, DEB_APP_DIR, 'resources');
  }
  // The AppImage runtime's own extraction (no FUSE needed): `squashfs-root/` in the cwd.
  await run(path.resolve(file), ['--appimage-extract'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return path.join(dir, 'squashfs-root', 'resources');
}

/** Unpacks a package and says what is wrong with its package-type (undefined: right). */
export async function checkPackageType(file: string): Promise<string | undefined> {
  const kind = linuxPackageOf(file);
  if (kind === undefined) return `${file} is neither an AppImage nor a deb`;
  const dir = await mkdtemp(path.join(tmpdir(), 'package-type-'));
  try {
    const resources = await unpack(kind, file, dir);
    if (!existsSync(resources)) return `${file} holds no resources folder at ${resources}`;
    const typeFile = path.join(resources, 'package-type');
    const text = existsSync(typeFile) ? await readFile(typeFile, 'utf8') : undefined;
    const problem = packageTypeProblem(kind, text);
    return problem === undefined ? undefined : `${path.basename(file)}: ${problem}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
