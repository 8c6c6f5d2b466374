// The newest glibc a Linux ELF file needs: the highest `GLIBC_x.y` version among the symbols it
// imports (`objdump -T`). A native module compiled on the build machine takes that machine's
// glibc (Ubuntu 24.04's 2.39: C23's __isoc23_strtol@GLIBC_2.38 and the like) and then fails to
// load, and the app with it, on an older system that runs Electron itself.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The oldest glibc of the systems the Linux packages are for: Ubuntu 22.04 LTS (2.35; Debian 12
 * has 2.36). Not the Electron binary's own floor: Chromium builds against a sysroot whose symbols
 * are held at GLIBC_2.26 (build/linux/sysroot_scripts/reversion_glibc.py,
 * MAX_ALLOWED_GLIBC_VERSION), which no module compiled on a maintained distribution meets.
 */
export const GLIBC_FLOOR = '2.35';

/** A glibc version as numbers, for comparing (2.9 < 2.35). */
function versionParts(version: string): number[] {
  return version.split('.').map(Number);
}

/** Compares two glibc versions: negative, zero or positive. */
export function compareGlibc(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The highest GLIBC_ version in `objdump -T` output; undefined when it names none. */
export function newestGlibcIn(objdump: string): string | undefined {
  const versions = [...objdump.matchAll(/\bGLIBC_(\d+(?:\.\d+)+)\b/g)].map((m) => m[1]!);
  return versions.sort(compareGlibc).at(-1);
}

/** The newest glibc an ELF file needs, read with `objdump -T` (binutils). */
export async function newestGlibcOf(file: string): Promise<string | undefined> {
  const { stdout } = await run('objdump', ['-T', file], { maxBuffer: 64 * 1024 * 1024 });
  return newestGlibcIn(stdout);
}

/** What is wrong with a file needing `needs` when systems from `floor` on must load it. */
export function glibcProblem(
  file: string,
  needs: string | undefined,
  floor: string,
): string | undefined {
  if (needs === undefined || compareGlibc(needs, floor) <= 0) return undefined;
  return `${file} needs glibc ${needs}, newer than ${floor}: it would not load there`;
}
