/**
 * A model of how Windows reads a batch file's command line, to check on any OS what only Windows
 * can run: cmd.exe's percent and special-character phases on a command line (as jeb and dbenham
 * describe them, stackoverflow.com/questions/4094699), a batch file's `%1` and `%~1`, and the C
 * runtime's argument parser (the rules of Microsoft's "Parsing C++ command-line arguments", as
 * ucrt and Rust's `parse_lp_cmd_line` implement them). It covers what the tests use and throws
 * on anything else rather than guess. The real thing runs in the os-windows set.
 */

/** An unquoted `&`, `|`, `<`, `>`, `(` or `)`: cmd.exe would run or redirect something. */
export class InjectionError extends Error {
  constructor(line: string, at: number) {
    super(`unquoted ${JSON.stringify(line[at])} at ${at} in ${line}`);
    this.name = 'InjectionError';
  }
}

/** The environment cmd.exe expands from (names in any case); `cd` is the current folder. */
export type CmdEnv = Readonly<Record<string, string>>;

function lookup(env: CmdEnv, name: string): string | undefined {
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : env[key];
}

/**
 * cmd.exe's percent phase on a command line (not inside a batch file), extensions on: `%NAME%`
 * of a defined variable is its value; of an undefined one it stays, and reading goes on from its
 * closing `%`; `%NAME:~start,length%` is a slice (an empty length: none).
 */
export function percentPhase(line: string, env: CmdEnv): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '%') {
      out += line[i++];
      continue;
    }
    let j = i + 1;
    while (j < line.length && line[j] !== '%' && line[j] !== ':') j++;
    if (j >= line.length) return out + line.slice(i);
    const name = line.slice(i + 1, j);
    const value = name === '' ? undefined : lookup(env, name);
    if (line[j] === '%') {
      if (value === undefined) {
        out += `%${name}`;
        i = j;
      } else {
        out += value;
        i = j + 1;
      }
      continue;
    }
    const end = line.indexOf('%', j);
    const slice = end < 0 ? null : /^~(\d*),(\d*)$/.exec(line.slice(j + 1, end));
    if (value === undefined || slice === null)
      throw new Error(`the model does not know ${line.slice(i, end + 1)}`);
    const start = Number(slice[1] || 0);
    out += slice[2] === '' ? '' : value.slice(start, start + Number(slice[2]));
    i = end + 1;
  }
  return out;
}

/**
 * cmd.exe's special-character phase: `"` toggles quoting; outside quotes `^` makes the next
 * character text (and goes), and an operator throws InjectionError. The line as the command sees
 * it.
 */
export function specialPhase(line: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '^') {
      out += line[++i] ?? '';
      continue;
    } else if (!quoted && '&|<>()'.includes(char)) throw new InjectionError(line, i);
    out += char;
  }
  return out;
}

/**
 * What `cmd.exe /d /e:ON /v:OFF /s /c "<line>"` hands the batch file it starts: the script
 * (its first token) and the text of its arguments (`%*`). `/s`: the first and last quote go.
 */
export function cmdStartsBatch(
  quotedLine: string,
  env: CmdEnv,
): { script: string; argsText: string } {
  if (!quotedLine.startsWith('"') || !quotedLine.endsWith('"'))
    throw new Error('not a quoted line');
  const line = specialPhase(percentPhase(quotedLine.slice(1, -1), env));
  const token = /^"([^"]*)"(?:[ \t]+|$)/.exec(line);
  if (!token) throw new Error(`no quoted script first in ${line}`);
  return { script: token[1]!, argsText: line.slice(token[0].length) };
}

/** A batch file's `%1`, `%2`…: split at unquoted spaces, tabs, `,`, `;` and `=`; quotes kept. */
export function batchTokens(argsText: string): string[] {
  const tokens: string[] = [];
  let current: string | null = null;
  let quoted = false;
  for (const char of argsText) {
    if (!quoted && ' \t,;='.includes(char)) {
      if (current !== null) tokens.push(current);
      current = null;
      continue;
    }
    if (char === '"') quoted = !quoted;
    current = (current ?? '') + char;
  }
  if (current !== null) tokens.push(current);
  return tokens;
}

/** A batch file's `%~1`: its `%1` without one leading and one trailing quote. */
export function withoutQuotes(token: string): string {
  const start = token.startsWith('"') ? 1 : 0;
  const end = token.length > start && token.endsWith('"') ? -1 : undefined;
  return token.slice(start, end);
}

/** The C runtime's arguments from a command line's text after the program's name. */
export function runtimeArgv(text: string): string[] {
  const args: string[] = [];
  let i = 0;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (i >= text.length) return args;
    let current = '';
    let quoted = false;
    while (i < text.length && (quoted || (text[i] !== ' ' && text[i] !== '\t'))) {
      let backslashes = 0;
      while (text[i] === '\\') {
        backslashes++;
        i++;
      }
      if (text[i] !== '"') {
        current += '\\'.repeat(backslashes);
        if (backslashes === 0) current += text[i++];
        continue;
      }
      current += '\\'.repeat(Math.floor(backslashes / 2));
      if (backslashes % 2 === 1) current += '"';
      else if (quoted && text[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
      i++;
    }
    args.push(current);
  }
}

/** The ways a batch file hands its arguments to a program (Rust's windows-bat-args test). */
export const BATCH_HAND_ONS = {
  /** `prog.exe %*` */
  all: (argsText: string) => argsText,
  /** `prog.exe %1 %2 …` */
  each: (argsText: string) => batchTokens(argsText).join(' '),
  /** `prog.exe "%~1" "%~2" …` */
  eachQuoted: (argsText: string) =>
    batchTokens(argsText)
      .map((token) => `"${withoutQuotes(token)}"`)
      .join(' '),
} as const;

/**
 * What a program gets when a batch file hands its arguments on (`how`), the batch line read by
 * cmd.exe again (its special characters; `%*` and `%1` are not expanded twice) and then by the C
 * runtime. Throws InjectionError when that line would run something else.
 */
export function programArgvVia(how: keyof typeof BATCH_HAND_ONS, argsText: string): string[] {
  return runtimeArgv(specialPhase(BATCH_HAND_ONS[how](argsText)));
}
