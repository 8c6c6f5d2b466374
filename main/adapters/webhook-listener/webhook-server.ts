import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { recorderVersionFromUserAgent } from '../../../shared/recorder/webhook';
import { sendJson } from '../json-answer';
import { isLoopbackHost } from '../request-guards';
import { createWebhookHandler, refusal, routeRequests } from './webhook-handler';
import {
  WEBHOOK_PATH,
  type ListenerAddress,
  type ListenerRoute,
  type WebhookListenerDeps,
} from './listener-types';

/** Refused bind settings, with the reason in plain words. */
export class UnsafeBindError extends Error {
  constructor(host: string) {
    super(
      `Refusing to listen on ${host} without a token: anyone on the network could post fake events. ` +
        'Set a token (--token or listener.token), or listen on 127.0.0.1.',
    );
    this.name = 'UnsafeBindError';
  }
}

/** The URL to paste into the recorder's "Webhook V2" setting for a bound listener. */
export function webhookUrlFor(
  host: string,
  port: number,
  token: string,
  /** Another recorder than the first (the first keeps the plain URL). */
  recorderId?: string,
): string {
  const shown = host === '0.0.0.0' || host === '::' ? (firstLanAddress() ?? '127.0.0.1') : host;
  const hostPart = shown.includes(':') ? `[${shown}]` : shown;
  const tokenPart = token ? `/${encodeURIComponent(token)}` : '';
  const recorderPart = recorderId ? `/${encodeURIComponent(recorderId)}` : '';
  return `http://${hostPart}:${port}${WEBHOOK_PATH}${tokenPart}${recorderPart}`;
}

/**
 * The webhook listener's lifecycle: bind, rebind on settings changes, close. Requests already
 * being handled finish on the old socket during a rebind, so no accepted event is lost.
 */
export class WebhookServer {
  readonly #deps: Omit<WebhookListenerDeps, 'token'>;
  #server: Server | undefined;
  #address: ListenerAddress | undefined;
  readonly #routes = new Map<string, ListenerRoute>();

  constructor(deps: Omit<WebhookListenerDeps, 'token'>) {
    this.#deps = { ...deps, routes: () => this.#routes };
  }

  /** Adds a feature's route under a path prefix (e.g. `/phone/`); returns its removal. */
  route(prefix: string, handler: ListenerRoute): () => void {
    this.#routes.set(prefix, handler);
    return () => void this.#routes.delete(prefix);
  }

  /** Binds to `address` (port 0 = any free port); rejects with UnsafeBindError or the socket error. */
  async start(address: ListenerAddress): Promise<{ port: number; webhookUrl: string }> {
    if (!address.token && !isLoopbackHost(address.host)) throw new UnsafeBindError(address.host);
    const handler = createListenerRoutes({ ...this.#deps, token: address.token });
    const server = createServer(handler);
    server.keepAliveTimeout = 10_000;
    await once(server.listen(address.port, address.host), 'listening'); // a bind error rejects
    // Accept failures (EMFILE) arrive as 'error' events; unheard, they would end the process.
    server.on('error', (error) => this.#deps.log.error(`webhook listener: ${error.message}`));
    const port = (server.address() as AddressInfo).port;
    this.#server = server;
    this.#address = { ...address, port };
    return { port, webhookUrl: webhookUrlFor(address.host, port, address.token) };
  }

  /** Moves to a new address: binds the new one first, then closes the old one gracefully. */
  async restart(address: ListenerAddress): Promise<{ port: number; webhookUrl: string }> {
    const old = this.#server;
    const oldAddress = this.#address;
    const sameSocket =
      oldAddress &&
      oldAddress.host === address.host &&
      oldAddress.port === address.port &&
      address.port !== 0;
    if (sameSocket) await this.stop(); // the port must be free before it can be bound again
    try {
      const result = await this.start(address);
      if (old && !sameSocket) await closeGracefully(old);
      return result;
    } catch (error) {
      if (sameSocket && oldAddress) await this.start(oldAddress); // keep listening where we were
      throw error;
    }
  }

  /** The bound address, if listening. */
  get address(): ListenerAddress | undefined {
    return this.#address ? { ...this.#address } : undefined;
  }

  /** Stops accepting connections and waits for requests in progress. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    this.#address = undefined;
    if (server) await closeGracefully(server);
  }
}

// How long a request under way may take to be answered once the listener closes.
const CLOSE_GRACE_MS = 3000;

/**
 * Closes the listener: requests under way are answered, then every connection goes. Node's
 * close() drops only the keep-alive connections idle at that moment, so one whose answer was still
 * being written held the close for the keep-alive timeout, and one that never sent a request for
 * headersTimeout (nodejs/node#2642, #41578). So idle ones are dropped as they become idle, and all after
 * the grace: an unanswered webhook is sent again by the recorder (docs/recorder.md), its EventId
 * keeping it single.
 */
async function closeGracefully(server: Server): Promise<void> {
  const dropIdle = setInterval(() => server.closeIdleConnections(), 50);
  const dropAll = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearInterval(dropIdle);
  clearTimeout(dropAll);
}

function firstLanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? [])
      if (info.family === 'IPv4' && !info.internal) return info.address;
  }
  return undefined;
}

/** `/health`, with or without a trailing slash, in any case (as express routed it before). */
const HEALTH_PATH = /^\/health\/?$/i;

/**
 * The listener: `/webhook[/token]` for the recorder (its hot path), `GET /health`, and a 404 in
 * JSON for anything else, all behind the same Origin / Host guard. Plain `node:http`: express
 * served the two small routes before and cost headless mode about 8 MB of idle RSS (issue 21).
 */
export function createListenerRoutes(
  deps: WebhookListenerDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const webhook = createWebhookHandler(deps);
  const others = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    const refused = refusal(req, deps.token !== '');
    if (refused) return sendJson(res, 403, { error: refused });
    for (const [prefix, route] of deps.routes?.() ?? [])
      if (path.startsWith(prefix)) return route(req, res, path);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && HEALTH_PATH.test(path)) return health(deps, req, res);
    sendJson(res, 404, { error: 'not found' });
  };
  return routeRequests(webhook, others, deps.log);
}

/**
 * Health; when listening on the LAN (a token is set), for this machine only: it tells when events
 * come and which recorder sends them.
 */
function health(deps: WebhookListenerDeps, req: IncomingMessage, res: ServerResponse): void {
  if (deps.token !== '' && !isLoopbackHost(req.socket.remoteAddress ?? '')) {
    return sendJson(res, 404, { error: 'not found' });
  }
  const c = deps.intake.counters;
  sendJson(res, 200, {
    status: 'ok',
    app: 'recorder-tray',
    version: deps.version,
    uptimeSeconds: Math.round((deps.clock() - deps.startedAt) / 1000),
    webhooks: {
      received: c.received,
      accepted: c.accepted,
      duplicates: c.duplicates,
      rejected: c.rejected,
    },
    lastWebhookAt: c.lastWebhookAt === null ? null : new Date(c.lastWebhookAt).toISOString(),
    lastUserAgent: c.lastUserAgent,
    recorderVersion: recorderVersionFromUserAgent(c.lastUserAgent ?? undefined) ?? null,
  });
}
