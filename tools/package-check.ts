// Runs the packaging pipeline offline and checks what it produced:
//   1. builds dist/ (tools/build-app.ts),
//   2. makes a stub Electron distribution (no download possible here: a fake executable that
//      carries the fuse wire, so electron-builder's fuse flipping runs for real),
//   3. runs `electron-builder --linux dir -c.electronDist=<stub>` with electron-builder.yml,
//   4. reads the app.asar and the packaged executable: built main, preload and renderer present,
//      only production dependencies, nothing outside the allowlist, fuses as configured,
//   5. checks the packaged main: it imports only `electron` and `node:` builtins (dependencies
//      bundled in) and starts against the stub Electron without any node_modules,
//   6. checks better-sqlite3's native module is unpacked from the asar (app.asar.unpacked), where
//      the packaged main loads it (the stub start of step 5 loads it from there), and the
//      database's checkpoint worker (dist/main/checkpoint-worker.mjs) beside it,
//   7. checks the configuration electron-builder reads: macOS ad-hoc signing with its
//      entitlements, the NSIS uninstall step for what Electron creates on Windows, the AppImage's
//      runtime that needs no libfuse2.
// Prints a summary; exits 1 on any failure. `--keep` keeps the temp folder for inspection.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import {
  builderConfig,
  appImageRuntimeProblems,
  macSigningProblems,
  nativeModuleProblems,
  nsisUninstallProblems,
} from './package-check/config-checks';
import {
  foreignImports,
  importsOf,
  packagedMainPath,
  startsAgainstStub,
} from './package-check/packaged-main';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const started = performance.now();
const failures: string[] = [];
const summary: string[] = [];

function fail(message: string): void {
  failures.push(message);
}

function run(
  what: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  const t0 = performance.now();
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  const ms = Math.round(performance.now() - t0);
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
  }
  summary.push(`${what}: ${ms} ms`);
}

/** The fuse sentinel Electron binaries carry (see @electron/fuses). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's fuse defaults, in wire order: RunAsNode … GrantFileProtocolExtraPrivileges ('1' on, '0' off). */
const DEFAULT_FUSES = '10110001';

/**
 * Writes a stub Electron distribution. Found by trying: the linux `dir` target needs only the
 * `electron` executable (copied, then renamed to executableName); a placeholder default_app.asar
 * would break it, since every .asar under resources/ is read for the integrity hashes.
 */
function makeStubElectron(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const executable = path.join(dir, 'electron');
  writeFileSync(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stub Electron for package:check; it cannot run"\nexit 1\n'),
      Buffer.from(FUSE_SENTINEL, 'ascii'),
      Buffer.from([1, DEFAULT_FUSES.length]), // wire version 1, 8 fuses
      Buffer.from(DEFAULT_FUSES, 'ascii'),
    ]),
  );
  chmodSync(executable, 0o755);
}

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Resolves a package the way Node does: nearest node_modules upwards from `fromDir`. */
function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Every package production code can reach, as `name@version` (electron-builder may hoist a nested
 * copy, so install paths in the asar differ from node_modules here).
 */
function productionClosure(): Set<string> {
  const seen = new Set<string>();
  const visited = new Set<string>();
  const visit = (dir: string) => {
    const manifest = readJson(path.join(dir, 'package.json'));
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ];
    for (const name of names) {
      const found = resolvePackageDir(name, dir);
      if (found === undefined || visited.has(found)) continue; // absent: optional, for another platform
      visited.add(found);
      const { version } = readJson(path.join(found, 'package.json'));
      seen.add(`${name}@${version}`);
      visit(found);
    }
  };
  visit(root);
  return seen;
}

function checkAsar(asarPath: string, manifest: PackageJson): void {
  const entries = listPackage(asarPath, { isPack: false }).map((entry) =>
    entry.replace(/\\/g, '/').replace(/^\//, ''),
  );
  const files = new Set(entries);
  for (const required of [
    'package.json',
    'dist/main/main.js',
    'dist/preload/preload.cjs',
    'dist/renderer/index.html',
    'dist/icons/tray/tray-idle.png',
  ]) {
    if (!files.has(required)) fail(`app.asar lacks ${required}`);
  }
  if (!entries.some((entry) => /^dist\/renderer\/assets\/.+\.js$/.test(entry)))
    fail('app.asar lacks the renderer script');

  const topLevel = new Set(entries.map((entry) => entry.split('/')[0]));
  for (const entry of topLevel) {
    if (!['dist', 'node_modules', 'package.json'].includes(entry ?? ''))
      fail(`app.asar holds ${entry}, outside the allowlist`);
  }
  const strays = entries.filter(
    (entry) => entry.startsWith('dist/') && /\.(ts|tsx|map)$/.test(entry),
  );
  if (strays.length > 0) fail(`app.asar holds sources or maps: ${strays.slice(0, 5).join(', ')}`);

  // Installed packages in the asar: node_modules/<name> and node_modules/@scope/<name>, at any depth.
  const packages = new Map<string, string>(); // install dir → name@version
  for (const entry of entries) {
    const match = /^((?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/@][^/]*))\/package\.json$/.exec(entry);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const { version } = JSON.parse(extractFile(asarPath, entry).toString('utf8')) as PackageJson;
    packages.set(match[1], `${match[2]}@${version}`);
  }
  const names = new Set([...packages.values()].map((id) => id.slice(0, id.lastIndexOf('@'))));
  const allowed = productionClosure();
  const extra = [...packages]
    .filter(([, id]) => !allowed.has(id))
    .map(([dir, id]) => `${id} (${dir})`);
  if (extra.length > 0)
    fail(
      `app.asar holds packages outside the production dependencies: ${extra.slice(0, 10).join(', ')}`,
    );
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!packages.has(`node_modules/${name}`))
      fail(`app.asar lacks the production dependency ${name}`);
  }
  const devOnly = Object.keys(manifest.devDependencies ?? {}).filter((name) => names.has(name));
  if (devOnly.length > 0) fail(`app.asar holds development dependencies: ${devOnly.join(', ')}`);
  for (const name of [
    'vitest',
    'electron-builder',
    'typescript',
    'electron',
    'esbuild',
    'vite',
    'eslint',
    'tsx',
  ]) {
    if (names.has(name)) fail(`app.asar holds ${name}`);
  }

  const packaged = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    main?: string;
  };
  if (packaged.main === undefined || !files.has(packaged.main))
    fail(`package.json "main" (${packaged.main}) is not in the asar`);

  summary.push(
    `app.asar: ${(statSync(asarPath).size / 1024 / 1024).toFixed(1)} MiB, ${entries.length} entries, ` +
      `${packages.size} packages (production closure: ${allowed.size})`,
  );
}

/** The fuses electron-builder.yml asks for, by wire index (@electron/fuses FuseV1Options). */
const EXPECTED_FUSES: Record<number, { name: string; on: boolean }> = {
  0: { name: 'RunAsNode', on: false },
  1: { name: 'EnableCookieEncryption', on: false },
  2: { name: 'EnableNodeOptionsEnvironmentVariable', on: false },
  3: { name: 'EnableNodeCliInspectArguments', on: false },
  5: { name: 'OnlyLoadAppFromAsar', on: true },
};

async function checkFuses(executable: string): Promise<void> {
  const wire = (await getCurrentFuseWire(executable)) as unknown as Record<number, number>;
  const states: string[] = [];
  for (const [index, { name, on }] of Object.entries(EXPECTED_FUSES)) {
    const state = wire[Number(index)];
    const isOn = state === '1'.charCodeAt(0);
    if (isOn !== on) fail(`fuse ${name} is ${isOn ? 'on' : 'off'}, expected ${on ? 'on' : 'off'}`);
    states.push(`${name}=${isOn ? 'on' : 'off'}`);
  }
  summary.push(`fuses: ${states.join(' ')}`);
}

/** better-sqlite3's compiled module, relative to the app's root (native-binding.ts). */
const NATIVE_MODULE = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

/** Where electron-builder puts `file` (a path in the app) when it unpacks it beside the asar. */
const unpackedPath = (unpacked: string, file: string) =>
  path.join(unpacked, 'resources', 'app.asar.unpacked', ...file.split('/'));

/** The native module as packaged: unpacked beside the asar; undefined (and a failure) if not. */
function unpackedNativeModule(unpacked: string, asarPath: string): string | undefined {
  const file = unpackedPath(unpacked, NATIVE_MODULE);
  if (!existsSync(file)) {
    const inside = listPackage(asarPath, { isPack: false }).some((entry) =>
      entry.replace(/\\/g, '/').endsWith(NATIVE_MODULE),
    );
    fail(
      inside
        ? `${NATIVE_MODULE} is packed inside app.asar: it cannot be loaded from there (asarUnpack)`
        : `${NATIVE_MODULE} is not packaged at all`,
    );
    return undefined;
  }
  summary.push(
    `native module: ${NATIVE_MODULE} unpacked (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB)`,
  );
  return file;
}

/** The database's checkpoint worker (tools/build/worker-bundle.ts), unpacked beside the asar. */
const CHECKPOINT_WORKER = 'dist/main/checkpoint-worker.mjs';

/** Fails unless the checkpoint worker is unpacked, where wal-file.ts starts it from. */
function unpackedCheckpointWorker(unpacked: string): void {
  const file = unpackedPath(unpacked, CHECKPOINT_WORKER);
  if (!existsSync(file)) {
    fail(`${CHECKPOINT_WORKER} is not unpacked from app.asar (asarUnpack in electron-builder.yml)`);
    return;
  }
  summary.push(
    `checkpoint worker: ${CHECKPOINT_WORKER} unpacked (${Math.round(statSync(file).size / 1024)} KiB)`,
  );
}

async function checkPackagedMain(
  asarPath: string,
  work: string,
  nativeModule: string | undefined,
): Promise<void> {
  const imports = await importsOf(packagedMainPath(asarPath, work));
  const foreign = foreignImports(imports);
  if (foreign.length > 0) fail(`the packaged main imports packages: ${foreign.join(', ')}`);
  summary.push(`packaged main imports: ${imports.join(' ')}`);
  const t0 = performance.now();
  try {
    const register = path.join(root, 'test', 'fakes', 'stub-electron', 'register.mjs');
    await startsAgainstStub(asarPath, register, nativeModule);
    summary.push(
      `packaged main, alone (no node_modules), against the stub: started in ${Math.round(performance.now() - t0)} ms`,
    );
  } catch (error) {
    fail(`the packaged main does not start against the stub: ${(error as Error).message}`);
  }
}

async function checkBuilderConfig(): Promise<void> {
  const config = await builderConfig(root);
  const problems = [
    ...macSigningProblems(config, root),
    ...nsisUninstallProblems(config, root),
    ...nativeModuleProblems(config),
    ...appImageRuntimeProblems(config),
  ];
  for (const problem of problems) fail(problem);
  if (problems.length === 0)
    summary.push(
      'config: mac.identity "-" with hardened-runtime entitlements; NSIS per user; its uninstall removes the start-at-login value, the toast CLSID key and shortcut; **/*.node unpacked and rebuilt for Electron; the static AppImage runtime (no libfuse2)',
    );
}

async function main(): Promise<void> {
  const manifest = readJson(path.join(root, 'package.json'));
  const electronVersion =
    readJson(path.join(root, 'node_modules', 'electron', 'package.json')).version ?? '0.0.0';
  const work = mkdtempSync(path.join(tmpdir(), 'package-check-'));
  try {
    run('build', process.execPath, ['--import', 'tsx', path.join('tools', 'build-app.ts')]);
    const stub = path.join(work, 'electron-dist');
    makeStubElectron(stub);
    const output = path.join(work, 'release');
    const builder = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
    run(
      'electron-builder --linux dir',
      process.execPath,
      [
        builder,
        '--linux',
        'dir',
        '--publish',
        'never',
        `-c.electronDist=${stub}`,
        `-c.electronVersion=${electronVersion}`,
        `-c.directories.output=${output}`,
        // Rebuilding better-sqlite3 for Electron downloads Electron's headers, which this offline
        // check cannot reach (`npm run dist` and the release workflow do rebuild it); the module
        // built for this Node is packed instead, which is also what the stub start (plain Node)
        // can load. What is checked here is where it is packed (asarUnpack), not its ABI.
        '-c.npmRebuild=false',
      ],
      { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    );
    const unpacked = path.join(output, 'linux-unpacked');
    const asarPath = path.join(unpacked, 'resources', 'app.asar');
    if (!existsSync(asarPath)) {
      fail(`no app.asar at ${asarPath}`);
    } else {
      checkAsar(asarPath, manifest);
      unpackedCheckpointWorker(unpacked);
      await checkPackagedMain(asarPath, work, unpackedNativeModule(unpacked, asarPath));
    }
    await checkBuilderConfig();
    const executable = path.join(unpacked, 'recorder-tray');
    if (!existsSync(executable)) fail(`no executable at ${executable}`);
    else await checkFuses(executable);
  } finally {
    if (keep) summary.push(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
summary.push(`total: ${Math.round(performance.now() - started)} ms`);
for (const line of summary) console.log(`package:check  ${line}`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`package:check  FAIL ${failure}`);
  process.exit(1);
}
console.log('package:check  OK');
