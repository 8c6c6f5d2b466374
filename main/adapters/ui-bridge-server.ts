import express, { type NextFunction, type Request, type Response } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import {
  isCallChannel,
  parseCallRequest,
  type CallChannel,
  type ContractHandlers,
  type EventChannel,
} from '../../shared/ipc-contract';
import type { Logger } from '../core/ports';
import { PICTURE_ROUTE } from '../../shared/picture-key';
import { readPictureFile } from './pictures/picture-file';
import { isSafeHostHeader, secretsEqual } from './request-guards';

/** Cookie that carries the preview's token after the first page load. */
export const BRIDGE_COOKIE = 'recorder_tray_token';
/** Header a client may use instead of the cookie. */
export const BRIDGE_TOKEN_HEADER = 'x-recorder-tray-token';

/** What the browser preview's bridge serves. */
export interface UiBridgeOptions {
  handlers: ContractHandlers;
  /** Subscribes to main→window events; returns the unsubscribe function. */
  subscribe: (listener: (event: EventChannel, payload: unknown) => void) => () => void;
  token: string;
  /** The built window (index.html and assets), served as is. */
  rendererDir: string;
  /** The rooms' cached pictures, served by key under `/pictures/` (none: not served). */
  picturesDir?: string;
  log: Logger;
}

/**
 * The window's contract over HTTP for the browser preview: `POST /api/call/<channel>` and
 * server-sent events at `/api/events`, plus the built page. Loopback only, guarded by a token
 * (given in the URL once, then kept in an HttpOnly SameSite=Strict cookie), refusing any Origin
 * but its own and, as the webhook listener does, a Host that is not an IP literal or localhost.
 */
export class UiBridgeServer {
  readonly #options: UiBridgeOptions;
  #server: Server | undefined;
  readonly #streams = new Set<Response>();

  constructor(options: UiBridgeOptions) {
    this.#options = options;
  }

  /** Listens on 127.0.0.1; returns the URL to open (with the token). */
  async start(port: number): Promise<{ url: string; port: number }> {
    const server = createServer(this.#app());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    server.removeAllListeners('error');
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

  #app(): express.Express {
    const { handlers, token, rendererDir, log } = this.#options;
    const app = express();
    app.disable('x-powered-by');
    app.use((req, res, next) => {
      const host = req.headers.host;
      if (!isSafeHostHeader(host)) return deny(res, 403, 'Host must be an IP address or localhost');
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== `http://${host}`)
        return deny(res, 403, 'cross-origin requests are refused');
      const given = tokenOf(req);
      if (given === undefined)
        return deny(res, 401, 'open the URL with its token (see the ready line)');
      if (!secretsEqual(given, token)) return deny(res, 403, 'wrong token');
      if (typeof req.query.token === 'string') {
        res.cookie(BRIDGE_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/' });
      }
      res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('Cache-Control', 'no-store');
      next();
    });

    app.post(
      '/api/call/:channel',
      express.json({ limit: '256kb' }),
      async (req: Request, res: Response) => {
        const channel = req.params.channel;
        if (!isCallChannel(channel)) return deny(res, 404, `unknown call ${String(channel)}`);
        // An empty body (no Content-Length) is a call without arguments.
        const body: unknown =
          req.headers['content-length'] === '0' || req.body === undefined ? undefined : req.body;
        const parsed = parseCallRequest(channel, body);
        if (!parsed.ok) {
          res.status(400).json({ error: `bad request for ${channel}`, reasons: parsed.reasons });
          return;
        }
        try {
          const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
          res.json(await handler(parsed.value));
        } catch (error) {
          log.error(`preview: ${channel as CallChannel} failed: ${String(error)}`);
          deny(res, 500, 'internal error');
        }
      },
    );

    app.get('/api/events', (req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      this.#streams.add(res);
      const unsubscribe = this.#options.subscribe((event, payload) => {
        res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      // Proxies and browsers drop idle streams; a comment line keeps this one open.
      const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
      req.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        this.#streams.delete(res);
      });
    });

    servePictures(app, this.#options.picturesDir);
    app.use(
      express.static(rendererDir, { index: 'index.html', dotfiles: 'deny', fallthrough: true }),
    );
    app.get('/', (_req, res) => res.sendFile(join(rendererDir, 'index.html')));
    app.use((_req, res) => deny(res, 404, 'not found'));
    app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
      const status = (error as { status?: number }).status ?? 500;
      deny(res, status, status >= 500 ? 'internal error' : 'bad request');
    });
    return app;
  }
}

/** The rooms' cached pictures at `/pictures/<key>`, behind the same token as everything else. */
function servePictures(app: express.Express, picturesDir: string | undefined): void {
  if (picturesDir === undefined) return;
  app.get(`${PICTURE_ROUTE}:key`, async (req, res) => {
    // A key only (shared/picture-key.ts): never a path, never a file outside the cache.
    const picture = await readPictureFile(picturesDir, String(req.params.key));
    if (!picture) return deny(res, 404, 'not found');
    res.type(picture.contentType).send(Buffer.from(picture.bytes));
  });
}

function tokenOf(req: Request): string | undefined {
  if (typeof req.query.token === 'string') return req.query.token;
  const header = req.headers[BRIDGE_TOKEN_HEADER];
  if (typeof header === 'string') return header;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BRIDGE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function deny(res: Response, status: number, error: string): void {
  if (!res.headersSent) res.status(status).json({ error });
}
