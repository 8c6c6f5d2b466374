import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildHeadlessIfStale } from '../../tools/build/headless-bundle';

/** A live API address where nothing answers (port 9, discard): no test reaches bilibili. */
export const CLOSED_LIVE_API_HOST = 'http://127.0.0.1:9';

/** Root of the project (where package.json is). */
export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

/**
 * The tests' headless bundle, as `npm run headless` runs it (dist/headless/cli.mjs), but apart
 * from dist/ so that a test run never replaces what a developer runs. Rebuilt when the sources
 * are newer (each test file's process checks; the files are replaced atomically, the entry last).
 */
export const TEST_HEADLESS_BUNDLE = 'test-output/headless/cli.mjs';

/** Builds the tests' headless bundle if stale; returns its path relative to the project. */
export function headlessBundle(): string {
  buildHeadlessIfStale(PROJECT_ROOT, join(PROJECT_ROOT, TEST_HEADLESS_BUNDLE));
  return TEST_HEADLESS_BUNDLE;
}

/**
 * Headless mode with the tests' small storage limits (test/fakes/headless-small-limits.ts: the
 * chaos test's), bundled beside the tests' bundle; returns its path relative to the project.
 */
export function smallLimitsBundle(): string {
  const bundle = 'test-output/headless/small-limits.mjs';
  const entry = 'test/fakes/headless-small-limits.ts';
  buildHeadlessIfStale(PROJECT_ROOT, join(PROJECT_ROOT, bundle), entry);
  return bundle;
}

/**
 * Headless mode on a clock the test moves (test/fakes/headless-movable-clock.ts), bundled beside
 * the tests' bundle; returns its path relative to the project. Move it with `advanceClock`.
 */
export function movableClockBundle(): string {
  const bundle = 'test-output/headless/movable-clock.mjs';
  const entry = 'test/fakes/headless-movable-clock.ts';
  buildHeadlessIfStale(PROJECT_ROOT, join(PROJECT_ROOT, bundle), entry);
  return bundle;
}

/** Moves the clock of a child started from movableClockBundle forward by `ms`. */
export function advanceClock(headless: HeadlessProcess, ms: number): void {
  headless.child.stdin!.write(`advance ${ms}\n`);
}

/** A running `npm run headless` child with its stdout parsed as JSON lines. */
export interface HeadlessProcess {
  child: ChildProcess;
  lines: Record<string, any>[];
  stderr: string[];
  /** Waits until a line matching `predicate` has been printed. */
  waitFor(
    predicate: (line: Record<string, any>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, any>>;
  /** Resolves with the exit code (or signal name) when the child ends. */
  exited: Promise<number | string>;
  /** Asks for a clean stop (stopRequest: SIGTERM on Linux, a `stop` line elsewhere); resolves as `exited`. */
  stop(): Promise<number | string>;
}

/**
 * How tests ask headless mode to stop cleanly: SIGTERM on Linux (and macOS), as a service manager
 * does; a line `stop` on its standard input on Windows, where `kill('SIGTERM')` is no signal but
 * TerminateProcess (a hard kill that saves nothing: https://nodejs.org/api/child_process.html#subprocesskillsignal).
 */
export function stopRequest(platform: NodeJS.Platform = process.platform): 'SIGTERM' | 'stdin' {
  return platform === 'win32' ? 'stdin' : 'SIGTERM';
}

/**
 * Starts headless mode from its bundle, as `npm run headless` does, in one process without npm in
 * between (a SIGKILL of npm would leave the app running, holding its port and journal).
 */
export function startHeadless(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  /** The program: the bundle (built when stale), or a TypeScript entry run through tsx. */
  entry = headlessBundle(),
): HeadlessProcess {
  const program = entry.endsWith('.mjs') ? [entry] : ['--import', 'tsx', entry];
  // Tests never reach an outside host: the update check (the GitHub releases of this clone's
  // origin) is off unless a test points it at a loopback feed.
  const updateArgs = args.some((arg) => arg === '--update-feed' || arg === '--no-update-check')
    ? []
    : ['--no-update-check'];
  // Nor bilibili: room pictures come from a closed loopback port (9, discard) unless a test
  // points them at its fake live API.
  const pictureArgs = args.includes('--live-api-host')
    ? []
    : ['--live-api-host', CLOSED_LIVE_API_HOST];
  const child = spawn(process.execPath, [...program, ...updateArgs, ...pictureArgs, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LANG: 'zh_CN.UTF-8', ...env },
    // Standard input is a pipe kept open: a line `stop` on it is a clean stop (stop() off Linux);
    // the movable clock's test entry also reads `advance <ms>` lines from it.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The child may be gone before a stop line reaches it (EPIPE): its exit says what happened.
  child.stdin!.on('error', () => undefined);
  const lines: Record<string, any>[] = [];
  const stderr: string[] = [];
  const waiters: {
    predicate: (l: Record<string, any>) => boolean;
    resolve: (l: Record<string, any>) => void;
  }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, any>; // throws (fails the test) on a non-JSON line
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.predicate(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  createInterface({ input: child.stderr! }).on('line', (text) => stderr.push(text));
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return {
    child,
    lines,
    stderr,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) {
        if (stopRequest() === 'stdin') child.stdin!.write('stop\n');
        else child.kill('SIGTERM');
      }
      return exited;
    },
    waitFor(predicate, timeoutMs = 15_000) {
      const found = lines.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching line within ${timeoutMs} ms; stdout: ${JSON.stringify(lines)}; stderr: ${stderr.join('\n')}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}

/** Kills (SIGKILL) and waits for every process in the list that still runs, and empties it: for afterEach. */
export async function killAll(processes: HeadlessProcess[]): Promise<void> {
  for (const p of processes.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
}
