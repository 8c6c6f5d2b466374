import { fileURLToPath } from 'node:url';
import { stopChild } from './stop-child';
import { startTsxProcess } from './tsx-process';

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
  const { url, child } = await startTsxProcess(
    cli,
    [],
    (line) => (JSON.parse(line) as { type?: string; url?: string }).url,
    'the fake live API',
  );
  return {
    url,
    close: () => stopChild(child, () => child.kill('SIGTERM')),
  };
}
