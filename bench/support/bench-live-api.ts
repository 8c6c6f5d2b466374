import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The benches' fake of bilibili's live API, in its process. */
export interface BenchLiveApi {
  /** Set `liveApiHost` to this. */
  url: string;
  close(): Promise<void>;
}

/**
 * bilibili's live API for a bench, on loopback, in a child process: the bench rooms' pictures are
 * fetched as users' are, no bench reaches bilibili itself (a load run sends traffic only to this
 * machine), and the fake's own CPU is not counted as the listener's.
 */
export async function startBenchLiveApi(): Promise<BenchLiveApi> {
  const cli = fileURLToPath(new URL('./bench-live-api-cli.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout })) {
      const parsed = JSON.parse(line) as { type?: string; url?: string };
      if (parsed.type === 'ready' && parsed.url) return parsed.url;
    }
    throw new Error('the fake live API exited before it was ready');
  })();
  const url = await Promise.race([
    ready,
    exited.then(([code]) => {
      throw new Error(`the fake live API exited (${String(code)}) before it was ready`);
    }),
  ]);
  return {
    url,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
