import { spawn } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { stopChild } from './stop-child';

/** The calls that put a file's data on the disk (sync_file_range only starts it; counted too). */
const SYNC_CALLS = ['fsync', 'fdatasync', 'sync_file_range'] as const;

/** A marked stretch of the trace. */
export interface SyncWindow {
  begin: string;
  end: string;
}

/** The syncs a process makes, traced by strace at the OS level, between marks it sets itself. */
export interface SyncTrace {
  /** Sets a mark in the trace (a sync of a file named after it) and waits until strace wrote it. */
  mark(name: string): Promise<void>;
  /** Syncs of files under `dir` between two marks, by path relative to `dir`. */
  syncsUnder(dir: string, window: SyncWindow): Map<string, number>;
  /** Detaches strace. */
  stop(): Promise<void>;
}

/**
 * Attaches `strace -f -y` to process `pid` (every thread, those started later too: libuv's pool,
 * worker threads, SQLite's own syncs in C), logging only the sync calls, each with the path of
 * its descriptor. Resolves with why not when strace is absent or cannot attach. Marks are syncs
 * of files in `markDir`, so the log itself says where each window begins and ends.
 */
export async function attachSyncTrace(
  pid: number,
  logFile: string,
  markDir: string,
): Promise<SyncTrace | { absent: string }> {
  const args = ['-f', '-y', '-e', `trace=${SYNC_CALLS.join(',')}`, '-p', String(pid)];
  const child = spawn('strace', [...args, '-o', logFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  const attached = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false)); // not installed
    child.once('exit', () => resolve(false)); // could not attach (it says why)
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/attached/.test(said)) resolve(true);
    });
  });
  if (!attached) {
    const why = said.trim().split('\n').at(-1) ?? '';
    return { absent: why === '' ? 'strace is not installed' : `strace: ${why}` };
  }
  const markPath = (name: string) => join(markDir, `sync-trace-mark-${name}`);
  // With the `>` strace closes the path with: no mark's name is found inside another's.
  const markFile = (name: string) => `${markPath(name)}>`;
  return {
    async mark(name) {
      const fd = openSync(markPath(name), 'w');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      const deadline = Date.now() + 10_000;
      while (!readFileSync(logFile, 'utf8').includes(markFile(name))) {
        if (Date.now() > deadline) throw new Error(`strace did not log the mark ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    syncsUnder(dir, window) {
      return countSyncs(
        readFileSync(logFile, 'utf8'),
        dir,
        markFile(window.begin),
        markFile(window.end),
      );
    },
    // SIGINT: strace detaches and leaves the process running.
    stop: () => stopChild(child, () => child.kill('SIGINT')),
  };
}

/**
 * Counts the sync calls of files under `dir` logged between the lines naming `beginMark` and
 * `endMark`. A call another thread interrupts is logged twice (`<unfinished ...>`, then
 * `<... fdatasync resumed>`): only its first line, which has the descriptor, is counted.
 */
export function countSyncs(
  log: string,
  dir: string,
  beginMark: string,
  endMark: string,
): Map<string, number> {
  const call = new RegExp(
    `^(?:\\[pid\\s+)?\\d+\\]?\\s+(?:${SYNC_CALLS.join('|')})\\(\\d+<([^>]*)>`,
  );
  const counts = new Map<string, number>();
  let inside = false;
  for (const line of log.split('\n')) {
    if (line.includes(beginMark)) inside = true;
    else if (line.includes(endMark)) break;
    else if (inside) {
      const path = call.exec(line)?.[1];
      if (path === undefined || !path.startsWith(`${dir}${sep}`)) continue;
      const file = relative(dir, path);
      counts.set(file, (counts.get(file) ?? 0) + 1);
    }
  }
  return counts;
}
