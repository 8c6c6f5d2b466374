// `npm start [-- args]`: builds dist/ when the sources are newer, then runs the desktop app
// (`electron .`, which reads package.json's name, version and "main": dist/main/main.js) when
// Electron can run here; otherwise headless mode (as `npm run headless`: its bundle, built when
// stale, with `--ui-port 0` first so the window is reachable in a browser; later arguments win).
// Standard output carries only the app's own output (headless mode's JSON lines); this script
// speaks on standard error.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  buildHeadlessIfStale,
  HEADLESS_BUNDLE,
  HEADLESS_NODE_OPTIONS,
} from './build/headless-bundle';
import { BUILD_INPUTS, BUILD_OUTPUTS, needsBuild, newestMtime } from './start/build-freshness';
import { checkElectron } from './start/electron-binary';
import { checkSandbox } from './start/sandbox-check';
import { uiUrlOfReadyLine } from './start/ready-line';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const say = (message: string) => process.stderr.write(`npm start: ${message}\n`);

/** What `read` returns, or undefined when it throws (a file that is not there, or not readable). */
function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Builds dist/ if it is missing or older than the sources; false when the build failed. */
function buildIfStale(): boolean {
  const outputs = BUILD_OUTPUTS.map((file) =>
    orUndefined(() => statSync(path.join(root, file)).mtimeMs),
  );
  const newestInput = Math.max(...BUILD_INPUTS.map((input) => newestMtime(path.join(root, input))));
  if (!needsBuild(outputs, newestInput)) return true;
  const started = performance.now();
  // The build's own output goes to standard error: standard output is the app's.
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-app.ts'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) return false;
  say(`built dist/ in ${Math.round(performance.now() - started)} ms`);
  return true;
}

/**
 * Runs the app as a child and mirrors its exit. The first SIGINT or SIGTERM here becomes one
 * SIGTERM to the child: a Ctrl-C in a terminal also reaches the child itself as SIGINT, and both
 * apps stop cleanly once on either (a second SIGINT of the same kind would end them at once). The
 * child stays in this process group, so that whatever kills the group kills it too.
 */
function runChild(child: ChildProcess): void {
  let forwarded = false;
  const forward = () => {
    if (forwarded) return;
    forwarded = true;
    child.kill('SIGTERM');
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (error) => {
    say(`could not start: ${error.message}`);
    process.exit(1);
  });
  // Like a shell: 128 + the signal's number when the child was killed by one.
  child.on('close', (code, signal) =>
    process.exit(code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))),
  );
}

const readText = (file: string) => orUndefined(() => readFileSync(file, 'utf8'));

const found = checkElectron({
  electronDir: path.join(root, 'node_modules', 'electron'),
  env: process.env,
  platform: process.platform,
  exists: existsSync,
  readText,
});
// Electron would abort on its sandbox (Ubuntu 24.04+): headless mode instead, with the remedy.
const sandbox = found.ok
  ? checkSandbox({
      platform: process.platform,
      binary: found.binary,
      readText,
      stat: (file) => orUndefined(() => statSync(file)),
      args,
    })
  : ({ ok: true } as const);
const electron = sandbox.ok ? found : { ok: false as const, reason: sandbox.reason };

if (electron.ok) {
  if (!buildIfStale()) {
    say('the build failed; not starting');
    process.exit(1);
  }
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would make the binary a plain Node
  runChild(spawn(electron.binary, ['.', ...args], { cwd: root, env, stdio: 'inherit' }));
} else {
  say(`${electron.reason}; running headless mode instead (npm run headless)`);
  if (!sandbox.ok) for (const line of sandbox.remedy) say(`to run the desktop app: ${line}`);
  if (!buildIfStale()) say('the build failed; headless mode runs without the browser window');
  try {
    buildHeadlessIfStale(root);
  } catch (error) {
    say(`could not build headless mode: ${String(error)}`);
    process.exit(1);
  }
  const child = spawn(
    process.execPath,
    [...HEADLESS_NODE_OPTIONS, HEADLESS_BUNDLE, '--ui-port', '0', ...args],
    {
      cwd: root,
      stdio: ['inherit', 'pipe', 'inherit'],
    },
  );
  child.stdout?.pipe(process.stdout);
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const uiUrl = uiUrlOfReadyLine(line);
      if (uiUrl !== null) say(`the window, in a browser: ${uiUrl}`);
    });
  }
  runChild(child);
}
