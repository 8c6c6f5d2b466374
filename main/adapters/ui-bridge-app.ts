import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { isCallChannel, parseCallRequest, type CallChannel } from '../../shared/ipc-contract';
import { PICTURE_ROUTE } from '../../shared/picture-key';
import { readPictureFile } from '../features/pictures/adapters/picture-file';
import { isSafeHostHeader, secretsEqual } from './request-guards';
import { BRIDGE_COOKIE, BRIDGE_TOKEN_HEADER, type UiBridgeOptions } from './ui-bridge-options';

/**
 * The browser preview's routes as an express app: the token guard, `POST /api/call/<channel>`,
 * server-sent events at `/api/events` (each open stream is kept in `streams` for the server to
 * end), the pictures and the built page. Loaded by UiBridgeServer at the preview's first request.
 */
export function createBridgeApp(
  options: UiBridgeOptions,
  streams: Set<ServerResponse>,
): express.Express {
  const { handlers, token, rendererDir, log } = options;
  const app = express();
  app.disable('x-powered-by');
  app.use(tokenGuard(token));

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
    streams.add(res);
    const unsubscribe = options.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    // Proxies and browsers drop idle streams; a comment line keeps this one open.
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  });

  servePictures(app, options.picturesDir);
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

/**
 * Lets a request through with the token, from its own origin, to an IP literal or localhost Host;
 * sets the token's cookie when the URL brings it, and the headers every answer carries.
 */
function tokenGuard(token: string): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
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
  };
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
