import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { JobProcess } from '../core/job-record';

/**
 * Kills a step's process and everything it started. POSIX: the step runs as the leader of its own
 * process group (spawned `detached`), so `kill(-pid)` reaches its children too. Windows:
 * `taskkill /T /F` walks the tree (Node's `kill` ends only the one process: nodejs/node#3617).
 */
export async function killTree(pid: number, platform = process.platform): Promise<void> {
  if (platform === 'win32') {
    // The callback comes once taskkill ends, or when it cannot start: either way this is done.
    const args = ['/T', '/F', '/PID', String(pid)];
    await new Promise((resolve) => execFile('taskkill', args, { windowsHide: true }, resolve));
    return;
  }
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // ESRCH: gone already (or the group has no member left)
    }
  }
}

/** Whether a process with this pid runs now. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started (epoch ms), where the system says (Linux: /proc); null elsewhere or when
 * it is gone. Tells a step's process from another program that got its pid later.
 */
export async function processStartedAt(pid: number): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  try {
    const [stat, system] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile('/proc/stat', 'utf8'),
    ]);
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // field 22, starttime, in clock ticks since boot
    const boot = Number(/^btime (\d+)$/m.exec(system)?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(boot)) return null;
    return boot * 1000 + (ticks * 1000) / 100; // USER_HZ is 100 on every Linux Node runs on
  } catch {
    return null;
  }
}

/** How far a recorded start may be from the system's (the recorded one is taken after spawn). */
const START_SLACK_MS = 3000;

/**
 * Stops a step's process left from a run of the app that ended without stopping it (killed,
 * crashed), so that the step, run again, finishes once. A pid now used by a program that started
 * later is left alone.
 */
export async function stopLeftover(leftover: JobProcess): Promise<'stopped' | 'gone' | 'other'> {
  if (!isAlive(leftover.pid)) return 'gone';
  const startedAt = await processStartedAt(leftover.pid);
  if (startedAt !== null && Math.abs(startedAt - leftover.startedAt) > START_SLACK_MS)
    return 'other';
  await killTree(leftover.pid);
  return 'stopped';
}
