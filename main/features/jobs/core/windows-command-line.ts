/**
 * The command line cmd.exe is given to start a batch file (`.bat`, `.cmd`) with its arguments
 * intact. Node refuses to start a batch file without a shell since its fix for CVE-2024-27980
 * ("BatBadBut"), and a shell would read a title's `&`, `|`, `%VAR%` as its own.
 *
 * The rules are those of Rust's standard library since its fix for the same flaw
 * (CVE-2024-24576; rust-lang/rust `library/std/src/sys/args/windows.rs`, `make_bat_command_line`
 * and `append_bat_arg`, which Deno uses too), not cross-spawn's (7.0.6, `lib/util/escape.js`):
 * cross-spawn quotes an argument as `"a\"b"` and escapes cmd.exe's characters with `^`, right
 * for an .exe that cmd.exe starts, but a batch file reads its arguments itself, and batch files
 * know `""`, not `\"`, as a quote inside quotes (PowerShell/PowerShell#15250): a title with a `"`
 * reaches the script as several arguments, and a script that hands `%*` or `%1` on runs what
 * follows the `"` as commands (cross-spawn escapes twice for npm's shims only; for every batch
 * file that would break the usual `"%~1"`). Here an argument is quoted unless it is plain,
 * a `"` inside is written `""`, and a `%` is followed by `%cd:~,%` (the current folder cut to
 * nothing), so that cmd.exe's percent expansion never sees a whole `%NAME%`. Inside quotes cmd.exe
 * takes `& | < > ( ) ^` as text; `/v:OFF` keeps `!` text whatever the registry says.
 */

/** A batch file's command line for cmd.exe's `/c`, or why these arguments cannot be passed. */
export type BatchLine = { ok: true; line: string } | { ok: false; error: string };

/** cmd.exe's switches before `/c`: no AutoRun, extensions on (`%cd:~,%`), no `!VAR!`. */
export const CMD_SWITCHES = ['/d', '/e:ON', '/v:OFF', '/s', '/c'] as const;

/** What an argument may hold unquoted (Rust's list); anything else is quoted. */
const PLAIN = /^[A-Za-z0-9#$*+\-./:?@\\_]+$/;
/** What cuts a command line short (CR, LF) or cannot be in one (NUL). */
const LINE_BREAKERS = /[\r\n\0]/;

/**
 * The line that, given to `cmd.exe /d /e:ON /v:OFF /s /c "<line>"` (verbatim, not re-quoted),
 * starts `script` with `args`, each one argument to the script (`%1`, `"%~1"`, `%*` handed on
 * to a program) whatever it holds.
 */
export function batchCommandLine(script: string, args: readonly string[]): BatchLine {
  if (script.includes('"') || script.endsWith('\\') || LINE_BREAKERS.test(script))
    return { ok: false, error: `not a batch file's path: ${script}` };
  const broken = args.find((arg) => LINE_BREAKERS.test(arg));
  if (broken !== undefined)
    return {
      ok: false,
      error: `a batch file cannot be given an argument with a line break: ${JSON.stringify(broken)}`,
    };
  const parts = [`"${maskPercents(script)}"`, ...args.map(quoteBatchArgument)];
  return { ok: true, line: parts.join(' ') };
}

/**
 * One argument as cmd.exe passes it to a batch file unchanged: quoted unless it is plain, each
 * inner `"` doubled (with the backslashes before it doubled, as a program's argument parser wants),
 * trailing backslashes doubled before the closing quote, every `%` masked.
 */
export function quoteBatchArgument(arg: string): string {
  let body = '';
  let backslashes = 0;
  for (const char of arg) {
    if (char === '\\') {
      backslashes += 1;
      body += char;
      continue;
    }
    if (char === '"') body += `${'\\'.repeat(backslashes)}"`;
    backslashes = 0;
    body += char === '%' ? MASKED_PERCENT : char;
  }
  if (!needsQuotes(arg)) return body;
  return `"${body}${'\\'.repeat(backslashes)}"`;
}

/**
 * Whether cmd.exe or the script would split or read `arg` unless it is quoted: anything but
 * Rust's plain ASCII. Unlike Rust, any other character too: which characters beyond ASCII cmd.exe
 * takes as delimiters is not documented, and a quoted argument loses nothing.
 */
function needsQuotes(arg: string): boolean {
  // A trailing `\` would escape the closing quote of a script's own `"%~1"`.
  return arg === '' || arg.endsWith('\\') || !PLAIN.test(arg);
}

/**
 * Each `%` followed by `%cd:~,%`: on a command line cmd.exe keeps a `%` that names nothing and
 * reads on from the next `%`, where `%cd:~,%` (an empty slice of the current folder) expands to
 * nothing, so no `%NAME%` is ever whole (yt-dlp's way, taken up by Rust).
 */
function maskPercents(text: string): string {
  return text.replaceAll('%', MASKED_PERCENT);
}

/** A `%` as `maskPercents` writes it. */
const MASKED_PERCENT = '%%cd:~,%';
