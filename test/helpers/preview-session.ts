import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { startHeadless, type HeadlessProcess } from './headless-process';

/** Headless mode with its browser preview, polling a fake recorder that posts webhooks to it. */
export interface PreviewSession {
  headless: HeadlessProcess;
  recorder: FakeRecorder;
  /** The preview's URL with its token, from the ready line. */
  uiUrl: string;
  /** `http://127.0.0.1:P` of the preview, without the token. */
  uiOrigin: string;
  webhookUrl: string;
  dataDir: string;
  /** Stops headless mode (a clean stop, so it saves: HeadlessProcess.stop; SIGKILL after 5 s); the fake recorder stays up. */
  stopHeadless(): Promise<void>;
  /** Stops both. */
  close(): Promise<void>;
}

/** Options of startPreviewSession. */
export interface PreviewSessionOptions {
  /** Reuse a data dir (a restart); a fresh temp dir otherwise. */
  dataDir?: string;
  /** Reuse a running fake recorder (a restart); a new one otherwise. */
  recorder?: FakeRecorder;
  rooms?: number;
  live?: number;
  /** More headless flags (`--recording-root`, `--poll-interval`…). */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** The headless program (startHeadless's `entry`); the tests' bundle by default. */
  entry?: string;
  /** Raise desktop popups through notify-send (as a user's headless run does); off by default. */
  desktopPopups?: boolean;
}

const children = new Set<HeadlessProcess>();
let exitHookInstalled = false;

// A test file that dies in a hook would leave its children running: take them down with it.
function track(headless: HeadlessProcess): HeadlessProcess {
  children.add(headless);
  void headless.exited.then(() => children.delete(headless));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const { child } of children) child.kill('SIGKILL');
    });
  }
  return headless;
}

/**
 * Starts `npm run headless` with `--ui-port 0 --no-desktop` against a fake recorder, waits for
 * the ready line and points the recorder's webhooks at it. Needs dist/renderer (npm run build).
 */
export async function startPreviewSession(
  options: PreviewSessionOptions = {},
): Promise<PreviewSession> {
  const recorder =
    options.recorder ??
    (await startFakeRecorder({ rooms: options.rooms ?? 3, live: options.live ?? 0 }));
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'preview-')));
  const flags = ['--port', '0', '--ui-port', '0', '--data-dir', dataDir];
  if (options.desktopPopups !== true) flags.push('--no-desktop');
  const headless = track(
    startHeadless(
      [...flags, '--recorder-url', recorder.url, ...(options.args ?? [])],
      options.env,
      options.entry,
    ),
  );
  let ready: Record<string, any>;
  try {
    ready = await headless.waitFor(
      (line) => line.type === 'ready' || line.type === 'error',
      25_000,
    );
  } catch (error) {
    headless.child.kill('SIGKILL');
    throw error;
  }
  if (ready.type !== 'ready' || typeof ready.uiUrl !== 'string') {
    headless.child.kill('SIGKILL');
    throw new Error(
      `headless did not serve the preview: ${JSON.stringify(ready)}; stderr: ${headless.stderr.join('\n')}`,
    );
  }
  recorder.addWebhook(ready.webhookUrl);
  const stopHeadless = async () => {
    const { child } = headless;
    if (child.exitCode === null && child.signalCode === null) {
      void headless.stop();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await headless.exited;
      clearTimeout(timer);
    }
  };
  return {
    headless,
    recorder,
    uiUrl: ready.uiUrl,
    uiOrigin: new URL(ready.uiUrl).origin,
    webhookUrl: ready.webhookUrl,
    dataDir,
    stopHeadless,
    async close() {
      await stopHeadless();
      if (!options.recorder) await recorder.close();
    },
  };
}
