import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The resident set size of a process in bytes (Linux: /proc; elsewhere: ps). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) * 1024;
}

/** The CPU time (user + system) a process used so far, in µs (Linux only; undefined elsewhere). */
export function cpuMicrosOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the command.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** The bytes of every file under `dir`. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

/** Read and write calls of a process so far, every thread's, and the bytes they passed. */
export interface IoCounts {
  reads: number;
  readBytes: number;
  writes: number;
  writtenBytes: number;
}

/**
 * A process's read and write calls so far (Linux: /proc/<pid>/io, sockets and files alike, page
 * cache hits too; undefined elsewhere). Unlike CPU time, a machine's load does not change them.
 */
export function ioOf(pid: number): IoCounts | undefined {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)![1]);
    return {
      reads: field('syscr'),
      readBytes: field('rchar'),
      writes: field('syscw'),
      writtenBytes: field('wchar'),
    };
  } catch {
    return undefined;
  }
}
