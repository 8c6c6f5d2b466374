import { spawn } from 'node:child_process';
import { programLaunch } from '../core/program-launch';
import { killTree } from './process-tree';

/** How one program run ended. */
export type ProgramEnd =
  | { ok: true; lines: string[] }
  | {
      ok: false;
      error: string;
      lines: string[];
      /** false: trying again cannot help */ retry: boolean;
    };

/** What a run is told and tells back. */
export interface RunOptions {
  /** Killed with its process tree past this; null: no limit. */
  timeoutMs: number | null;
  /** Aborting kills the process tree (cancel, app stop). */
  signal?: AbortSignal;
  /** Stdout, when the caller reads it (ffmpeg's progress); else stdout lines are output lines. */
  onStdout?: (chunk: string) => void;
  /** New output lines (stderr, and stdout unless read by onStdout). */
  onLines?: (lines: string[]) => void;
  /** The process started: its pid, to be kept with the job. */
  onStart?: (pid: number) => void;
  env?: NodeJS.ProcessEnv;
}

/** Lines of a program's output kept to say why it failed. */
const LAST_LINES = 50;
/** Lines of stderr in a failure's message. */
const ERROR_LINES = 5;

/**
 * Runs a program WITHOUT a shell, its arguments as an array (each one argument whatever it
 * holds); on Windows a `.bat`/`.cmd` through cmd.exe and a `.ps1` through PowerShell, each with
 * its arguments passed so that they stay so (`programLaunch`). POSIX: its own process group, so
 * a timeout or cancel kills what it started too (Windows: `taskkill /T`). Fails with the
 * program's own last lines.
 */
export function runProgram(
  program: string,
  args: readonly string[],
  options: RunOptions,
): Promise<ProgramEnd> {
  const env = options.env ?? process.env;
  const plan = programLaunch(program, args, { platform: process.platform, env });
  if (!plan.ok) return Promise.resolve({ ok: false, error: plan.error, lines: [], retry: false });
  const { file, args: argv, verbatim } = plan.launch;
  return new Promise((resolve) => {
    const lines: string[] = [];
    const stderrTail: string[] = [];
    let ended = false;
    let killedFor: string | null = null;
    const child = spawn(file, argv, {
      shell: false,
      detached: process.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: verbatim,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    const kill = (why: string) => {
      if (ended || killedFor !== null) return;
      killedFor = why;
      if (child.pid !== undefined) void killTree(child.pid);
    };
    const timer =
      options.timeoutMs === null
        ? undefined
        : setTimeout(
            () => kill(`timed out after ${options.timeoutMs! / 1000} s`),
            options.timeoutMs,
          );
    const onAbort = () => kill('cancelled');
    options.signal?.addEventListener('abort', onAbort);
    if (options.signal?.aborted) onAbort();
    const collect = (into: string[][]) =>
      lineSplitter((got) => {
        for (const list of into) {
          list.push(...got);
          if (list.length > LAST_LINES) list.splice(0, list.length - LAST_LINES);
        }
        options.onLines?.(got);
      });
    const err = collect([lines, stderrTail]);
    child.stderr.setEncoding('utf8').on('data', err.push);
    const out = options.onStdout ? null : collect([lines]);
    child.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => (out ? out.push(chunk) : options.onStdout!(chunk)));
    if (child.pid !== undefined) options.onStart?.(child.pid);
    const finish = (end: ProgramEnd) => {
      if (ended) return;
      ended = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(end);
    };
    child.on('error', (error: NodeJS.ErrnoException) => finish(startFailed(program, error, lines)));
    child.on('close', (code, signal) => {
      err.flush();
      out?.flush();
      finish(closedEnd({ program, code, signal, killedFor, stderrTail, lines }));
    });
  });
}

/** Cuts a stream into lines (ffmpeg ends its status lines with \r). */
function lineSplitter(emit: (lines: string[]) => void): {
  push: (chunk: string) => void;
  flush: () => void;
} {
  let rest = '';
  return {
    push: (chunk) => {
      const parts = (rest + chunk).split(/\r\n|\r|\n/);
      rest = parts.pop() ?? '';
      if (parts.length > 0) emit(parts);
    },
    flush: () => {
      if (rest !== '') emit([rest]);
      rest = '';
    },
  };
}

/** A program that could not start: missing (ENOENT), not allowed (EACCES), or refused (EINVAL). */
function startFailed(program: string, error: NodeJS.ErrnoException, lines: string[]): ProgramEnd {
  const missing = error.code === 'ENOENT';
  return {
    ok: false,
    error: missing ? `program not found: ${program}` : `cannot start ${program}: ${error.message}`,
    lines,
    retry: !missing && error.code !== 'EACCES' && error.code !== 'EINVAL',
  };
}

/** How a program that ran ended: exit 0, or its last stderr lines and its exit code. */
function closedEnd(end: {
  program: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  killedFor: string | null;
  stderrTail: string[];
  lines: string[];
}): ProgramEnd {
  const { program, code, signal, killedFor, stderrTail, lines } = end;
  if (killedFor !== null)
    return {
      ok: false,
      error: `${program}: ${killedFor}`,
      lines,
      retry: killedFor !== 'cancelled',
    };
  if (code === 0) return { ok: true, lines };
  const said = stderrTail
    .filter((l) => l.trim() !== '')
    .slice(-ERROR_LINES)
    .join('\n');
  const how = code === null ? `killed by ${signal}` : `exit code ${code}`;
  return {
    ok: false,
    error: said ? `${said}\n(${how})` : `${program}: ${how}`,
    lines,
    retry: true,
  };
}
