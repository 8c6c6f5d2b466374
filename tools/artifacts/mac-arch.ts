// The architectures of a macOS binary, as `lipo -archs` reads them from its Mach-O header. Each
// of the two Mac builds (Intel and Apple silicon) must carry its own architecture's native module:
// a wrong one loads nowhere but a Mac of the other kind, where the app would just not start.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The Mach-O names of the architectures electron-builder builds for (`--x64`, `--arm64`). */
const LIPO_NAMES: Record<'x64' | 'arm64', string> = { x64: 'x86_64', arm64: 'arm64' };

/** An electron-builder architecture this check knows. */
export type MacArch = keyof typeof LIPO_NAMES;

/** Whether a command-line word is such an architecture. */
export function isMacArch(word: string | undefined): word is MacArch {
  return word === 'x64' || word === 'arm64';
}

/** `lipo -archs` output as a list ("x86_64 arm64" for a universal file). */
export function parseLipoArchs(output: string): string[] {
  return output.trim().split(/\s+/).filter(Boolean);
}

/** The architectures of a Mach-O file (`lipo -archs`, Xcode's command line tools). */
export async function lipoArchs(file: string): Promise<string[]> {
  const { stdout } = await run('lipo', ['-archs', file]);
  return parseLipoArchs(stdout);
}

/** What is wrong with a file of the `arch` build having `archs` (undefined: it has that one). */
export function archProblem(
  file: string,
  archs: readonly string[],
  arch: MacArch,
): string | undefined {
  return archs.includes(LIPO_NAMES[arch])
    ? undefined
    : `${file} is ${archs.join(' + ') || 'of no architecture'}, not ${LIPO_NAMES[arch]} (${arch})`;
}
