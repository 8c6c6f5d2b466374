// The half of the smoke test that is the same on every OS and for either host: start the app,
// wait for its ready line, post a recorded FileClosed (204 expected), measure, quit it, and read
// back what it saved. The OS-specific part (install, the executable, uninstall) is a `launch` and a
// `quit` handed in (tools/smoke.ts); test/tools/smoke/ runs this against headless mode.
import { memoryOfTree, type TreeMemory } from './process-memory';
import { postWebhook, readRecordedWebhook } from './post-webhook';
import { expectFileSaved } from './saved-state';
import { fileEnd, updateRouteOfLine, waitForLine, webhookUrlOfLine } from './log-lines';

/** A started app, as the smoke test holds it. */
export interface LaunchedApp {
  /** The process whose tree is the app. */
  pid: number;
  /** Settles with the exit code (or the signal's name) when that process ends. */
  exited: Promise<number | string>;
}

/** What one smoke run needs. */
export interface SmokeRunOptions {
  /** Starts the app. */
  launch: () => LaunchedApp;
  /** Asks the app to quit as a user would (SIGTERM, `--quit`, `stop` on standard input). */
  quit: (app: LaunchedApp) => Promise<void> | void;
  /** Where the app writes its ready line. */
  logFile: string;
  /** Its data folder, read after it quit. */
  dataDir: string;
  /** How long after the launch the memory is measured (30 s in CI: the app at rest). */
  settleMs: number;
  /** For the ready line and for the exit. */
  timeoutMs?: number;
  /**
   * The update route the installed app must log (tools/smoke/artifact-kind.ts); the run fails on
   * another. Unset: not read (headless mode has no updater).
   */
  updateRoute?: string;
}

/** The figures of one smoke run. */
export interface SmokeFigures {
  webhookUrl: string;
  /** From the launch to the ready line. */
  readyMs: number;
  /** All the app's processes, `settleMs` after the launch. */
  memory: TreeMemory;
  settleMs: number;
  exitCode: number | string;
  /** The update route the app logged, when one was asked for. */
  updateRoute?: string;
}

/** Runs the app once through the smoke test's steps; throws with what went wrong. */
export async function runSmoke(options: SmokeRunOptions): Promise<SmokeFigures> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const webhook = await readRecordedWebhook();
  const from = await fileEnd(options.logFile);
  const launchedAt = performance.now();
  const app = options.launch();
  const exitedEarly = app.exited.then((code) => `the app exited (${code})`);
  try {
    const webhookUrl = await waitForLine(options.logFile, webhookUrlOfLine, {
      from,
      timeoutMs,
      abort: exitedEarly,
    });
    const readyMs = performance.now() - launchedAt;
    const status = await postWebhook(webhookUrl, webhook);
    if (status !== 204) throw new Error(`POST ${webhookUrl} answered ${status}, not 204`);
    const settle = options.settleMs - (performance.now() - launchedAt);
    if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
    const memory = await memoryOfTree(app.pid);
    const updateRoute = await checkUpdateRoute(options, from, timeoutMs);
    await options.quit(app);
    const exitCode = await withTimeout(app.exited, timeoutMs, 'the app did not quit');
    await expectFileSaved(options.dataDir, webhook.relativePath);
    const figures = { webhookUrl, readyMs, memory, settleMs: options.settleMs, exitCode };
    return updateRoute === undefined ? figures : { ...figures, updateRoute };
  } catch (error) {
    // Asked to quit first: what the launched process started (an AppImage's app) ends too.
    await withTimeout(Promise.resolve(options.quit(app)), 10_000, 'quit').catch(() => undefined);
    killQuietly(app.pid);
    throw error;
  }
}

/**
 * The update route the app logged since `from`, when one is expected: an AppImage that logs
 * `install` would update itself as a .deb (a package-type it should not hold).
 */
async function checkUpdateRoute(
  options: SmokeRunOptions,
  from: number,
  timeoutMs: number,
): Promise<string | undefined> {
  if (options.updateRoute === undefined) return undefined;
  const route = await waitForLine(options.logFile, updateRouteOfLine, { from, timeoutMs });
  if (route !== options.updateRoute)
    throw new Error(`the app took the update route "${route}", not "${options.updateRoute}"`);
  return route;
}

/** Ends a process left running by a failed step (it may have exited already). */
function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
