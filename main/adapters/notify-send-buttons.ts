import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A button of a desktop popup: its id (printed back by notify-send) and its label. */
export interface NotifySendButton {
  id: string;
  label: string;
}

// The notification spec's GetCapabilities: a daemon that lists "actions" shows buttons
// (https://specifications.freedesktop.org/notification-spec/latest/protocol.html).
const CAPABILITIES_CALL = {
  gdbus: [
    'call',
    '--session',
    '--dest',
    'org.freedesktop.Notifications',
    '--object-path',
    '/org/freedesktop/Notifications',
    '--method',
    'org.freedesktop.Notifications.GetCapabilities',
  ],
  'dbus-send': [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.Notifications',
    '/org/freedesktop/Notifications',
    'org.freedesktop.Notifications.GetCapabilities',
  ],
} as const;

/**
 * Whether the session's notification daemon advertises the "actions" capability, asked with
 * gdbus or dbus-send (whichever is installed); false when neither is, or the daemon does not answer.
 */
export async function daemonShowsButtons(
  env: NodeJS.ProcessEnv,
  locate: (tool: string) => Promise<string | undefined>,
  timeoutMs = 5000,
): Promise<boolean> {
  for (const tool of ['gdbus', 'dbus-send'] as const) {
    const program = await locate(tool);
    if (!program) continue;
    const options = { env, timeout: timeoutMs, windowsHide: true };
    const output = await execFileAsync(program, CAPABILITIES_CALL[tool], options).catch(() => null);
    // gdbus prints (['actions', 'body', …],); dbus-send prints one `string "actions"` per line.
    return output !== null && /['"]actions['"]/.test(output.stdout);
  }
  return false;
}

/** What a notify-send that waits for a button did. */
export interface WaitingPopup {
  /** Resolves true once the popup is taken to be shown (see runWaitingNotifySend), false when it failed. */
  shown: Promise<boolean>;
  /** Resolves when notify-send has exited (the popup was closed, a button pressed, or killed). */
  done: Promise<void>;
}

/**
 * Runs a notify-send given `--action` options: when a button is pressed it prints that button's id
 * and exits (libnotify 0.7.9+ `-A` implies `--wait`). Its output to a pipe is block-buffered, so
 * nothing comes before it exits: the popup counts as shown once notify-send has run `shownAfterMs`
 * without failing (a missing bus or daemon fails at once). It is killed after `maxWaitMs`, so that
 * a popup a daemon keeps forever does not keep a process forever.
 */
export function runWaitingNotifySend(
  program: string,
  args: readonly string[],
  options: {
    env: NodeJS.ProcessEnv;
    maxWaitMs: number;
    shownAfterMs?: number;
    onButton: (id: string) => void;
    onError: (message: string) => void;
  },
): WaitingPopup {
  let resolveShown: (shown: boolean) => void = () => undefined;
  const shown = new Promise<boolean>((resolve) => (resolveShown = resolve));
  const done = new Promise<void>((resolve) => {
    const child = spawn(program, args, {
      env: options.env,
      windowsHide: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), options.maxWaitMs);
    timer.unref();
    const shownTimer = setTimeout(() => resolveShown(true), options.shownAfterMs ?? 500);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (out.length < 4096) out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (err.length < 300) err += chunk;
    });
    child.on('error', (error) => options.onError(error.message));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(shownTimer);
      const failed = code !== 0 && signal === null;
      if (failed) options.onError(`exit ${code}${err.trim() ? ` (${err.trim()})` : ''}`);
      resolveShown(!failed);
      const pressed = out
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line !== '');
      if (!failed && pressed !== undefined) options.onButton(pressed);
      resolve();
    });
  });
  return { shown, done };
}
