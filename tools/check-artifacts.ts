// The build jobs' checks of what they built, before anything is uploaded (.github/workflows/):
//   tsx tools/check-artifacts.ts package-type <file.AppImage|file.deb>...
//       each Linux package will get the right updater (tools/artifacts/package-type.ts)
//   tsx tools/check-artifacts.ts glibc <linux-unpacked dir>... [--floor 2.35]
//       every native module loads on glibc from the floor on, and says what the Electron
//       binary itself needs (tools/artifacts/glibc.ts)
//   tsx tools/check-artifacts.ts lipo <App.app> <x64|arm64>
//       every native module of a Mac build is of that build's architecture (tools/artifacts/mac-arch.ts)
// Exits 1 naming every problem, 2 on a wrong command line.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GLIBC_FLOOR, glibcProblem, newestGlibcOf } from './artifacts/glibc';
import { archProblem, isMacArch, lipoArchs } from './artifacts/mac-arch';
import { nativeModulesUnder, unpackedDirOf } from './artifacts/native-modules';
import { checkPackageType } from './artifacts/package-type';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { floor: { type: 'string', default: GLIBC_FLOOR } },
});
const [check, ...targets] = positionals;

/** The Electron executable of a linux-unpacked folder (electron-builder.yml's executableName). */
const LINUX_EXECUTABLE = 'recorder-tray';

async function packageTypes(files: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    const problem = await checkPackageType(file);
    if (problem !== undefined) problems.push(problem);
    else console.log(`package-type: ${path.basename(file)} gets its own updater`);
  }
  return problems;
}

async function glibc(dirs: string[], floor: string): Promise<string[]> {
  const problems: string[] = [];
  for (const dir of dirs) {
    const electron = await newestGlibcOf(path.join(dir, LINUX_EXECUTABLE));
    console.log(`glibc: ${dir}: Electron needs ${electron ?? 'none'}; the floor is ${floor}`);
    for (const module of await nativeModulesUnder(unpackedDirOf(dir))) {
      const needs = await newestGlibcOf(module);
      const problem = glibcProblem(module, needs, floor);
      if (problem !== undefined) problems.push(problem);
      else console.log(`glibc: ${module} needs ${needs ?? 'none'}`);
    }
  }
  return problems;
}

async function lipo(app: string, arch: string | undefined): Promise<string[]> {
  if (!isMacArch(arch)) return [`lipo: "${arch}" is not x64 or arm64`];
  const problems: string[] = [];
  for (const module of await nativeModulesUnder(unpackedDirOf(app))) {
    const archs = await lipoArchs(module);
    const problem = archProblem(module, archs, arch);
    if (problem !== undefined) problems.push(problem);
    else console.log(`lipo: ${module}: ${archs.join(' ')}`);
  }
  return problems;
}

const checks: Record<string, () => Promise<string[]>> = {
  'package-type': () => packageTypes(targets),
  glibc: () => glibc(targets, values.floor),
  lipo: () => lipo(targets[0] ?? '', targets[1]),
};
const chosen = check === undefined ? undefined : checks[check];
if (chosen === undefined || targets.length === 0) {
  console.error('usage: tsx tools/check-artifacts.ts package-type|glibc|lipo <targets>');
  process.exit(2);
}
const problems = await chosen();
if (problems.length > 0) {
  console.error(`check-artifacts ${check}: failed\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`check-artifacts ${check}: passed`);
