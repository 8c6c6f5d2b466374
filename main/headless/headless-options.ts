import { parseArgs } from 'node:util';
import { Language } from '../../shared/settings';
import { parsePushUrl, redactPushUrl } from '../features/push/core/push-url';

/** Usage text printed on a bad command line. */
export const HEADLESS_USAGE = `Usage: npm run headless -- [options]

Runs Recorder Tray's listener and core without Electron. Standard output: one JSON object per line.
Stops cleanly (everything saved, exit 0) on Ctrl+C, SIGTERM, Ctrl+Break (Windows), or a line
"stop" on standard input; the end of standard input is no stop.

  --host <address>        listen address (default 127.0.0.1; others need --token)
  --port <n>              listen port (default 23560; 0 = any free port)
  --token <secret>        webhook path becomes /webhook/<secret>
  --data-dir <dir>        journal and history (default: the app's user-data folder)
  --lang <zh-CN|en>       language of notifications (default: system locale)
  --config <file>         settings file (JSON, the app's settings schema); flags win
  --recording-root <dir>  the recorder's work directory as seen from here
  --recorder-url <url>    the recorder's API, e.g. http://127.0.0.1:2356 ('' = webhooks only)
  --recorder-user <name>  Basic auth user (or RECORDER_TRAY_RECORDER_USER)
  --recorder-pass <pass>  Basic auth password (or RECORDER_TRAY_RECORDER_PASS, preferred)
  --room <id>             poll only this room (repeatable; short or long id)
  --poll-interval <s>     seconds between polls (default 10)
  --ui-port <n>           port of the browser preview (default 0 = any free port)
  --no-desktop            never raise desktop popups, only print
  --update-feed <url>     where to look for a newer release (a mirror holding latest.yml…;
                          default: the GitHub releases of this clone's origin)
  --no-update-check       never look for a newer release (no request at all)
  --live-api-host <url>   where room pictures come from (a mirror of bilibili's live API;
                          default https://api.live.bilibili.com)
  --push <url>            also push to this target, e.g. ntfy://ntfy.sh/topic (repeatable;
                          Apprise syntax: ntfy bark gotify tgram schan pushplus wecombot json
                          mailto(s) dingtalk feishu lark pushdeer wxpusher discord, and
                          onebot(s)://[token@]host:port/group/<id>/user/<qq> for QQ)
  --help                  show this text

Desktop only, nothing here: keepAwake (the desktop app keeps the computer awake while recording;
a NAS or server follows its own power settings).`;

/** Options of headless mode after parsing; undefined fields fall back to the settings. */
export interface HeadlessOptions {
  host?: string;
  port?: number;
  token?: string;
  dataDir?: string;
  language?: Language;
  config?: string;
  recordingRoot?: string;
  recorderUrl?: string;
  recorderUser?: string;
  recorderPass?: string;
  rooms: number[];
  /** Push target URLs added to the settings' own. */
  push: string[];
  pollIntervalSeconds?: number;
  uiPort?: number;
  /** updates.feedUrl for this run. */
  updateFeed?: string;
  liveApiHost?: string;
  /** updates.check off for this run (`--no-update-check`). */
  noUpdateCheck?: boolean;
  desktop: boolean;
  help: boolean;
}

/** A command line that cannot be run, with the reason. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

function integer(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

/** Parses headless arguments; throws UsageError for unknown options or bad values. */
export function parseHeadlessArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
): HeadlessOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        token: { type: 'string' },
        'data-dir': { type: 'string' },
        lang: { type: 'string' },
        config: { type: 'string' },
        'recording-root': { type: 'string' },
        'recorder-url': { type: 'string' },
        'recorder-user': { type: 'string' },
        'recorder-pass': { type: 'string' },
        room: { type: 'string', multiple: true },
        push: { type: 'string', multiple: true },
        'poll-interval': { type: 'string' },
        'ui-port': { type: 'string' },
        'no-desktop': { type: 'boolean' },
        'update-feed': { type: 'string' },
        'live-api-host': { type: 'string' },
        'no-update-check': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let language: Language | undefined;
  if (values.lang !== undefined) {
    const parsed = Language.safeParse(values.lang);
    if (!parsed.success) throw new UsageError(`--lang must be zh-CN or en, not "${values.lang}"`);
    language = parsed.data;
  }
  const pollInterval = values['poll-interval'];
  if (pollInterval !== undefined && !(Number(pollInterval) >= 1 && Number(pollInterval) <= 3600)) {
    throw new UsageError(`--poll-interval must be 1 to 3600 seconds, not "${pollInterval}"`);
  }
  return {
    ...defined('host', values.host),
    ...defined('port', integer('port', values.port, 0, 65535)),
    ...defined('token', values.token),
    ...defined('dataDir', values['data-dir']),
    ...defined('language', language),
    ...defined('config', values.config),
    ...defined('recordingRoot', values['recording-root']),
    ...defined('recorderUrl', values['recorder-url']),
    ...defined('recorderUser', values['recorder-user'] ?? env.RECORDER_TRAY_RECORDER_USER),
    ...defined('recorderPass', values['recorder-pass'] ?? env.RECORDER_TRAY_RECORDER_PASS),
    rooms: (values.room ?? []).map((r) => integer('room', r, 0, Number.MAX_SAFE_INTEGER)!),
    push: (values.push ?? []).map(pushUrl),
    ...defined(
      'pollIntervalSeconds',
      pollInterval === undefined ? undefined : Number(pollInterval),
    ),
    ...defined('uiPort', integer('ui-port', values['ui-port'], 0, 65535)),
    ...defined('updateFeed', values['update-feed']),
    ...defined('liveApiHost', values['live-api-host']),
    ...(values['no-update-check'] ? { noUpdateCheck: true } : {}),
    desktop: !values['no-desktop'],
    help: values.help ?? false,
  } as HeadlessOptions;
}

// A bad target stops start-up with the reason, the URL's secrets masked.
function pushUrl(url: string): string {
  const parsed = parsePushUrl(url);
  if (!parsed.ok) throw new UsageError(`--push ${redactPushUrl(url)}: ${parsed.error}`);
  return url.trim();
}

/** `{ [key]: value }`, or nothing when the value is undefined (for spreading optional fields). */
export function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
