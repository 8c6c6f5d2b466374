import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UiBridgeOptions } from './ui-bridge-options';
import { sendJson } from './json-answer';

export { BRIDGE_COOKIE, BRIDGE_TOKEN_HEADER, type UiBridgeOptions } from './ui-bridge-options';

/** The express app of the bridge, as ui-bridge-app.ts makes it. */
type BridgeApp = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The window's contract over HTTP for the browser preview: `POST /api/call/<channel>` and
 * server-sent events at `/api/events`, plus the built page. Loopback only, guarded by a token
 * (given in the URL once, then kept in an HttpOnly SameSite=Strict cookie), refusing any Origin
 * but its own and, as the webhook listener does, a Host that is not an IP literal or localhost.
 * The routes (ui-bridge-app.ts, on express) load at the first request: headless mode listens
 * with the preview on, and a preview nobody opens costs no express (about 8 MB of RSS, issue 21).
 */
export class UiBridgeServer {
  readonly #options: UiBridgeOptions;
  #server: Server | undefined;
  readonly #streams = new Set<ServerResponse>();
  #app: Promise<BridgeApp> | undefined;

  constructor(options: UiBridgeOptions) {
    this.#options = options;
  }

  /** Listens on 127.0.0.1; returns the URL to open (with the token). */
  async start(port: number): Promise<{ url: string; port: number }> {
    const server = createServer(this.#handle);
    await once(server.listen(port, '127.0.0.1'), 'listening'); // a bind error rejects
    server.on('error', (error) => this.#options.log.error(`browser preview: ${error.message}`));
    this.#server = server;
    const bound = (server.address() as AddressInfo).port;
    return {
      url: `http://127.0.0.1:${bound}/?token=${encodeURIComponent(this.#options.token)}`,
      port: bound,
    };
  }

  /** Ends the event streams and closes the server. */
  async close(): Promise<void> {
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  }

  readonly #handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.#app ??= import('./ui-bridge-app').then(({ createBridgeApp }) =>
      createBridgeApp(this.#options, this.#streams),
    );
    this.#app.then(
      (app) => app(req, res),
      (error: unknown) => {
        // Not kept: the next request tries again (a bundle's chunk removed under a running app).
        this.#app = undefined;
        this.#options.log.error(`browser preview: cannot load its routes: ${String(error)}`);
        sendJson(res, 500, { error: 'internal error' });
      },
    );
  };
}
