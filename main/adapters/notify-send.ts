import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { errorMessage } from '../core/log-text';
import {
  daemonShowsButtons,
  runWaitingNotifySend,
  type NotifySendButton,
} from './notify-send-buttons';

const execFileAsync = promisify(execFile);

/** The app name desktop popups carry (the notification daemon shows and groups by it). */
export const NOTIFY_SEND_APP_NAME = 'Recorder Tray';

/** What a desktop popup shows. */
export interface DesktopPopup {
  title: string;
  body: string;
  /** Buttons, shown where the daemon advertises "actions" (notify-send `--action`, libnotify 0.7.9+). */
  buttons?: readonly NotifySendButton[];
  /** Called with the id of the button pressed. */
  onButton?: (id: string) => void;
  /** A local image file as the popup's icon (the streamer's avatar). */
  icon?: string;
  /** A local image file as the popup's image (the room's cover). */
  image?: string;
  /** No sound: the notification spec's `suppress-sound` hint (daemons that play sounds honour it). */
  silent?: boolean;
}

/** Shows desktop popups; `show` resolves true when the popup was handed to the daemon, never rejects. */
export interface DesktopNotifier {
  show(popup: DesktopPopup): Promise<boolean>;
}

/** Options of the notify-send notifier. */
export interface NotifySendOptions {
  appName?: string;
  urgency?: 'low' | 'normal' | 'critical';
  /** How long the popup stays, in ms; the daemon may ignore it. */
  expireMs?: number;
  /** For testing: the program to run instead of `notify-send` found on PATH. */
  command?: string;
  /** Environment of the child (needs DBUS_SESSION_BUS_ADDRESS); defaults to this process's. */
  env?: NodeJS.ProcessEnv;
  /** A notify-send that hangs (no bus) is killed after this many ms. */
  timeoutMs?: number;
  onWarning?: (message: string) => void;
  /** A popup with buttons keeps its notify-send waiting at most this long (default 30 min). */
  buttonWaitMs?: number;
  /** For testing: whether the daemon shows buttons (default: asks it, see daemonShowsButtons). */
  showsButtons?: () => Promise<boolean>;
}

// Bounds that keep argv far below the kernel's 128 KiB per argument and popups readable.
const MAX_TITLE = 200;
const MAX_BODY = 1000;
// Popups waiting for a notify-send to finish; beyond this a storm is dropped, not queued forever.
const MAX_PENDING = 20;
// notify-send processes waiting for a button at once; beyond this, popups go without buttons.
const MAX_WAITING = 16;
// The daemon's capabilities are asked again after this long (the user may switch daemons).
const CAPABILITY_TTL_MS = 5 * 60_000;

/** The argv for one popup: options first, then `--` so a title starting with `-` stays a title. */
export function notifySendArgs(popup: DesktopPopup, options: NotifySendOptions = {}): string[] {
  // With buttons, notify-send prints the id of the one pressed (and waits for it).
  const buttons = (popup.buttons ?? []).map((b) => `--action=${b.id}=${cleanTitle(b.label)}`);
  return [
    `--app-name=${options.appName ?? NOTIFY_SEND_APP_NAME}`,
    `--urgency=${options.urgency ?? 'normal'}`,
    `--expire-time=${Math.max(0, Math.round(options.expireMs ?? 10_000))}`,
    ...pictureArgs(popup),
    ...buttons,
    // Desktop Notifications Specification 1.2, "Standard Hints": suppress-sound (boolean).
    ...(popup.silent ? ['--hint=boolean:suppress-sound:true'] : []),
    '--',
    cleanTitle(popup.title),
    escapeMarkup(cleanBody(popup.body)),
  ];
}

/**
 * The popup's pictures (the Desktop Notifications spec, "Icons and Images"): the avatar as
 * `app_icon` (`--icon`, a file name), the cover as the `image-path` hint, which the spec wants as
 * a `file://` URI. A daemon that shows one picture only shows the image; one that shows both
 * shows the icon beside it. Only absolute paths: a relative one would be an icon theme's name.
 */
export function pictureArgs(popup: Pick<DesktopPopup, 'icon' | 'image'>): string[] {
  const args: string[] = [];
  if (popup.icon && path.isAbsolute(popup.icon)) args.push(`--icon=${popup.icon}`);
  if (popup.image && path.isAbsolute(popup.image))
    args.push(`--hint=string:image-path:${pathToFileURL(popup.image).href}`);
  return args;
}

/** The full path of an executable named `name` on PATH, or undefined. */
export async function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A notifier for headless mode that runs `notify-send` (never through a shell), one popup at a time. */
export function createNotifySendNotifier(options: NotifySendOptions = {}): DesktopNotifier {
  const env = options.env ?? process.env;
  const warn = options.onWarning ?? (() => undefined);
  let command: Promise<string | undefined> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let droppedWarned = false;
  let waiting = 0;
  let capability: { at: number; supported: Promise<boolean> } | undefined;
  const showsButtons = () => {
    if (options.showsButtons) return options.showsButtons();
    if (!capability || Date.now() - capability.at > CAPABILITY_TTL_MS)
      capability = {
        at: Date.now(),
        supported: daemonShowsButtons(env, (tool) => findOnPath(tool, env)),
      };
    return capability.supported;
  };
  const withButtons = async (popup: DesktopPopup) =>
    (popup.buttons?.length ?? 0) > 0 &&
    popup.onButton !== undefined &&
    waiting < MAX_WAITING &&
    (await showsButtons());

  const locate = () => {
    command ??= (
      options.command ? Promise.resolve(options.command) : findOnPath('notify-send', env)
    ).then((found) => {
      if (!found)
        warn('notify-send: not found on PATH, desktop popups are off (install libnotify-bin)');
      return found;
    });
    return command;
  };

  const run = async (popup: DesktopPopup): Promise<boolean> => {
    const program = await locate();
    if (!program) return false;
    if (await withButtons(popup)) {
      // The queue moves on once the popup is shown; the process waits for a button on its own.
      waiting += 1;
      const ids = new Set(popup.buttons?.map((a) => a.id));
      const started = runWaitingNotifySend(program, notifySendArgs(popup, options), {
        env,
        maxWaitMs: options.buttonWaitMs ?? 30 * 60_000,
        onButton: (id) => {
          if (ids.has(id)) popup.onButton?.(id);
        },
        onError: (message) => warn(`notify-send: ${message}`),
      });
      void started.done.finally(() => (waiting -= 1));
      return started.shown;
    }
    // Without buttons: nothing to wait for (the pictures stay).
    const { buttons: _buttons, onButton: _onButton, ...plain } = popup;
    return runNotifySend(program, notifySendArgs(plain, options), env, options.timeoutMs, warn);
  };

  return {
    show(popup) {
      if (pending >= MAX_PENDING) {
        if (!droppedWarned)
          warn(`notify-send: more than ${MAX_PENDING} popups waiting, dropping the rest`);
        droppedWarned = true;
        return Promise.resolve(false);
      }
      pending += 1;
      const shown = queue.then(() => run(popup));
      queue = shown.finally(() => {
        pending -= 1;
        if (pending === 0) droppedWarned = false;
      });
      return shown;
    },
  };
}

/** Runs notify-send once without buttons; resolves whether it succeeded (a failure is warned). */
async function runNotifySend(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number | undefined,
  warn: (message: string) => void,
): Promise<boolean> {
  const options = { env, timeout: timeoutMs ?? 10_000, windowsHide: true, maxBuffer: 64 * 1024 };
  try {
    await execFileAsync(program, args, options);
    return true;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    warn(
      `notify-send: ${errorMessage(error).split('\n')[0]}${stderr ? ` (${stderr.slice(0, 300)})` : ''}`,
    );
    return false;
  }
}

// The summary is plain text to the daemon: one line, no control characters.
function cleanTitle(title: string): string {
  // eslint-disable-next-line no-control-regex
  return truncate(title.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim(), MAX_TITLE);
}

// eslint-disable-next-line no-control-regex
const BODY_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

// The body keeps its line breaks; other control characters (NUL would make spawn throw) go.
function cleanBody(body: string): string {
  return truncate(body.replace(/\r\n?/g, '\n').replace(BODY_CONTROL, ' '), MAX_BODY);
}

// Daemons that advertise body-markup (dunst, GNOME, KDE) parse the body as markup: a title with
// `<a href=…>` or `&` from a webhook must show as text, not as a link or break the popup.
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not end on the first half of a surrogate pair (an emoji cut in two shows as garbage).
  const cut = /[\ud800-\udbff]$/.test(text.slice(0, max - 1)) ? max - 2 : max - 1;
  return `${text.slice(0, cut)}…`;
}
