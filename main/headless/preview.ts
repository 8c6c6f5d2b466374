import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCrypto } from '../adapters/node-crypto';
import { UiBridgeServer } from '../adapters/ui-bridge-server';
import { isWindowEvent, type RunningApp } from '../app';
import type { Logger } from '../core/ports';

/**
 * The browser preview of the window: the built renderer and the IPC contract over HTTP on
 * loopback, guarded by a fresh random token. Null (with a warning) when the window is not built.
 */
export async function startPreview(
  app: RunningApp,
  options: { port: number; rendererDir: string; log: Logger; picturesDir?: string },
): Promise<{ url: string; close(): Promise<void> } | null> {
  if (!existsSync(join(options.rendererDir, 'index.html'))) {
    options.log.info(
      `the window is not built (no ${options.rendererDir}); run "npm run build" for the browser preview`,
    );
    return null;
  }
  const bridge = new UiBridgeServer({
    handlers: app.handlers,
    // The window's events only: host events (recorder status lines, notices) are not its business.
    subscribe: (listener) =>
      app.subscribe((message) => {
        if (isWindowEvent(message)) listener(message.event, message.payload);
      }),
    token: nodeCrypto().randomBytes(24).toString('base64url'),
    rendererDir: options.rendererDir,
    ...(options.picturesDir ? { picturesDir: options.picturesDir } : {}),
    log: options.log,
  });
  try {
    const { url } = await bridge.start(options.port);
    return { url, close: () => bridge.close() };
  } catch (error) {
    options.log.warn(
      `browser preview: cannot listen on port ${options.port}: ${(error as Error).message}`,
    );
    return null;
  }
}
