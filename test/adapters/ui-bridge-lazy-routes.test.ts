import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as BridgeApp from '../../main/adapters/ui-bridge-app';
import { BRIDGE_TOKEN_HEADER, UiBridgeServer } from '../../main/adapters/ui-bridge-server';
import { fakeHandlers } from '../fakes/contract-handlers';
import { memoryLogger } from '../fakes/silent-logger';
import { rawRequest } from '../helpers/http';

// The bridge's routes load at its first request (ui-bridge-server.ts says why); here their module
// fails to load once, as a bundle's chunk removed under a running app would.
let failures = 1;
vi.mock('../../main/adapters/ui-bridge-app', async (importOriginal) => {
  const actual = await importOriginal<typeof BridgeApp>();
  return {
    createBridgeApp: (...args: Parameters<typeof BridgeApp.createBridgeApp>) => {
      if (failures-- > 0) throw new Error('chunk missing');
      return actual.createBridgeApp(...args);
    },
  };
});

let server: UiBridgeServer | undefined;
afterEach(() => server?.close());

describe('the browser preview bridge, when its routes cannot load', () => {
  it('answers 500 and says why in the log; the next request loads them again', async () => {
    const log = memoryLogger();
    server = new UiBridgeServer({
      handlers: fakeHandlers(),
      subscribe: () => () => undefined,
      token: 'tok',
      rendererDir: '/nonexistent',
      log,
    });
    const { port } = await server.start(0);
    const call = () =>
      rawRequest(`http://127.0.0.1:${port}/api/call/state:get`, {
        method: 'POST',
        headers: { [BRIDGE_TOKEN_HEADER]: 'tok' },
      });
    const failed = await call();
    expect(failed.status).toBe(500);
    expect(failed.json()).toEqual({ error: 'internal error' });
    expect(log.lines).toEqual([
      'error browser preview: cannot load its routes: Error: chunk missing',
    ]);
    expect((await call()).status).toBe(200);
  });
});
