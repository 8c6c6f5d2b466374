import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Asks `child` to end with `ask` (a signal, a message) and resolves once it has; at once if it had. */
export async function stopChild(child: ChildProcess, ask: () => void): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  ask();
  await exited;
}
