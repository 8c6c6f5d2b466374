import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * Starts a TypeScript entry through tsx in a child process (its errors go to ours) and resolves
 * with the URL the first line `urlIn` reads one from names; fails when it exits or closes its
 * output first. `name` says which process in those errors.
 */
export async function startTsxProcess(
  entry: string,
  args: readonly string[],
  urlIn: (line: string) => string | undefined,
  name: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${name} exited with ${String(code)}`);
  });
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      const url = urlIn(line);
      if (url) return url;
    }
    throw new Error(`${name} closed its output`);
  })();
  const url = await Promise.race([ready, exited]);
  return { url, child };
}
