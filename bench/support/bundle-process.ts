import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A bundled server in a child process, with its webhook port and its output lines counted by type. */
export interface BundleProcess {
  child: ChildProcess;
  port: number;
  path: string;
  lines: Map<string, number>;
}

/**
 * Starts a bundle with plain node (`nodeArgs` before it, e.g. `--cpu-prof`) and waits for its
 * `ready` line; `urlOf` reads the webhook URL from that line. Every line of its standard output
 * is JSON (headless mode's lines; the bare servers print only their ready line).
 */
export async function startBundle(
  args: readonly string[],
  urlOf: (ready: Record<string, unknown>) => URL,
  options: { cwd: string; nodeArgs?: readonly string[] },
): Promise<BundleProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, LANG: 'zh_CN.UTF-8' },
  });
  const lines = new Map<string, number>();
  const ready = new Promise<URL>((resolveReady, reject) => {
    child.on('exit', (code) => reject(new Error(`${args[0]} exited (${code}) before ready`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as Record<string, unknown>;
      const type = String(line.type);
      lines.set(type, (lines.get(type) ?? 0) + 1);
      if (type === 'ready') resolveReady(urlOf(line));
    });
  });
  const url = await ready;
  return { child, port: Number(url.port), path: url.pathname, lines };
}

/** Resolves once `child` has exited (at once when it has). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));
}
