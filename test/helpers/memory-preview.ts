import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { UiBridgeServer } from '../../main/adapters/ui-bridge-server';
import type { MemoryContract } from '../fakes/memory-contract';
import { memoryLogger } from '../fakes/silent-logger';
import { RENDERER_INDEX } from './renderer-build';

/** The built window served over the real browser bridge, with a memory contract behind it. */
export interface MemoryPreview {
  /** The page's URL with its token. */
  uiUrl: string;
  close(): Promise<void>;
}

/**
 * Serves dist/renderer (built by the test run's global setup) through `UiBridgeServer` on
 * loopback, answering the contract from `contract`: the window as it runs in the browser preview,
 * with main's side set to what a test needs (a failed job, tools found or not).
 */
export async function startMemoryPreview(contract: MemoryContract): Promise<MemoryPreview> {
  const server = new UiBridgeServer({
    handlers: contract.handlers,
    subscribe: contract.subscribe,
    token: randomBytes(12).toString('hex'),
    rendererDir: dirname(RENDERER_INDEX),
    log: memoryLogger(),
  });
  const { url } = await server.start(0);
  return { uiUrl: url, close: () => server.close() };
}
