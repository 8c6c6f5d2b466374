import { describe, expect, it } from 'vitest';
import { archProblem, isMacArch, lipoArchs } from '../../../tools/artifacts/mac-arch';
import { requirePlatform } from '../../helpers/require-tool';

// macOS (the os-macos set): the real lipo on a real Mach-O file, this Node's own binary.
describe('lipo -archs', () => {
  requirePlatform(['darwin'], "Mach-O files and Xcode's lipo");

  it("reads this Node's architecture from its binary, and refuses the other one", async () => {
    const arch = process.arch;
    if (!isMacArch(arch)) throw new Error(`a Mac runner of an unknown architecture: ${arch}`);
    const archs = await lipoArchs(process.execPath);
    expect(archProblem(process.execPath, archs, arch)).toBeUndefined();
    const other = arch === 'x64' ? 'arm64' : 'x64';
    // Node's macOS builds are one architecture each: the other one is missing.
    expect(archProblem(process.execPath, archs, other)).toMatch(/, not /);
  });
});
