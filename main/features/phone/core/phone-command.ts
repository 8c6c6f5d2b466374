// The command language a phone speaks, the same on every service: Telegram's slash commands
// (`/rec 21452505`, `/rec@my_bot 21452505` in a group) and, for QQ, the Chinese words users know
// from HarukaBot (`录 21452505`, `谁在播`). Issue 43. No command takes a path or a program: the
// only argument is a room's name, and quiet's one word.

/** How long "quiet" and "mute" last: an hour, until the next morning, or (quiet only) off. */
type QuietSpan = 'hour' | 'morning' | 'off';

/** A command read from a message. */
export type PhoneCommand =
  | { kind: 'live' }
  | { kind: 'rec' | 'stop' | 'split'; room: string }
  | { kind: 'mute'; room: string; until: 'hour' | 'morning' }
  | { kind: 'quiet'; until: QuietSpan }
  | { kind: 'last' }
  | { kind: 'jobs' }
  | { kind: 'disk' }
  | { kind: 'status' }
  | { kind: 'help' };

/** A command's name (the Telegram command, without its slash). */
export type PhoneCommandName = PhoneCommand['kind'];

/** Every command in the order help lists them (Telegram's `setMyCommands` list too). */
export const PHONE_COMMANDS: readonly PhoneCommandName[] = [
  'live',
  'rec',
  'stop',
  'split',
  'mute',
  'quiet',
  'last',
  'jobs',
  'disk',
  'status',
  'help',
];

/** The Chinese words of each command (QQ; also taken on Telegram). */
export const CHINESE_WORDS: Readonly<Record<PhoneCommandName, string>> = {
  live: '谁在播',
  rec: '录',
  stop: '停',
  split: '分段',
  mute: '静音',
  quiet: '免打扰',
  last: '最近文件',
  jobs: '任务',
  disk: '磁盘',
  status: '状态',
  help: '帮助',
};

/** What a message read as: a command, a command that needs more, or not a command at all. */
export type ReadCommand =
  | { ok: true; command: PhoneCommand }
  | { ok: false; reason: 'unknown' | 'needsRoom' | 'badSpan'; name?: PhoneCommandName };

const SPANS: Readonly<Record<string, QuietSpan>> = {
  hour: 'hour',
  '1h': 'hour',
  '1小时': 'hour',
  一小时: 'hour',
  morning: 'morning',
  早上: 'morning',
  明早: 'morning',
  off: 'off',
  关: 'off',
  关闭: 'off',
};

/**
 * Reads one message. `undefined`: not meant as a command (chat that starts with neither a slash
 * nor a command word), so nothing is answered. `botName`: a Telegram `/cmd@name` for another bot
 * is not ours either.
 */
export function readCommand(text: string, botName?: string): ReadCommand | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return undefined;
  let name: PhoneCommandName | undefined;
  if (first.startsWith('/')) {
    const [word = '', addressee] = first.slice(1).toLowerCase().split('@');
    if (addressee !== undefined && botName !== undefined && addressee !== botName.toLowerCase())
      return undefined;
    name = byEnglish(word) ?? byChinese(word);
    if (name === undefined) return { ok: false, reason: 'unknown' };
  } else {
    name = byChinese(first);
    if (name === undefined) return undefined;
  }
  return withArguments(name, words.slice(1));
}

function byEnglish(word: string): PhoneCommandName | undefined {
  if (word === 'start') return 'help'; // Telegram sends /start when a user first opens the bot
  return (PHONE_COMMANDS as readonly string[]).includes(word)
    ? (word as PhoneCommandName)
    : undefined;
}

function byChinese(word: string): PhoneCommandName | undefined {
  return PHONE_COMMANDS.find((name) => CHINESE_WORDS[name] === word);
}

function withArguments(name: PhoneCommandName, rest: readonly string[]): ReadCommand {
  switch (name) {
    case 'rec':
    case 'stop':
    case 'split': {
      const room = rest.join(' ');
      return room === '' ? { ok: false, reason: 'needsRoom', name } : ok({ kind: name, room });
    }
    case 'mute': {
      const last = rest.at(-1);
      const span = last === undefined ? undefined : SPANS[last.toLowerCase()];
      const words = span === undefined ? rest : rest.slice(0, -1);
      const room = words.join(' ');
      if (room === '') return { ok: false, reason: 'needsRoom', name };
      if (span === 'off') return { ok: false, reason: 'badSpan', name };
      return ok({ kind: 'mute', room, until: span ?? 'hour' });
    }
    case 'quiet': {
      const word = rest[0]?.toLowerCase();
      const until = word === undefined ? 'hour' : SPANS[word];
      if (until === undefined || rest.length > 1) return { ok: false, reason: 'badSpan', name };
      return ok({ kind: 'quiet', until });
    }
    default:
      return ok({ kind: name });
  }
}

function ok(command: PhoneCommand): ReadCommand {
  return { ok: true, command };
}
