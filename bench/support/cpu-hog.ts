import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { stopChild } from './stop-child';

/** Busy processes beside a bench, one per core; `stop` ends them. */
export interface CpuHog {
  pids: number[];
  stop(): Promise<void>;
}

/**
 * A CPU hog: `count` child processes (default: one per core) spinning `for(;;){}`, so that what
 * runs beside them gets its time slices late, as on a user's busy machine (issue 32: the chaos
 * test's rare loss showed only under heavy load). Each is ended by its own handle, never by name.
 */
export function startCpuHog(count = availableParallelism()): CpuHog {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
  );
  return {
    pids: children.map((child) => child.pid ?? -1),
    async stop() {
      await Promise.all(children.map((child) => stopChild(child, () => child.kill('SIGKILL'))));
    },
  };
}
