import type { IncomingMessage, ServerResponse } from 'node:http';
import { recorderVersionFromUserAgent } from '../../../shared/recorder/webhook';
import { isLoopbackHost } from '../request-guards';
import { sendJson } from '../json-answer';
import { WEBHOOK_PATH, type WebhookListenerDeps } from './listener-types';
import { createWebhookHandler, pathOf, refusal } from './webhook-handler';

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
  return (req, res) => {
    const path = pathOf(req.url);
    if (path === WEBHOOK_PATH || path.startsWith(`${WEBHOOK_PATH}/`))
      return webhook(req, res, path);
    try {
      others(req, res, path);
    } catch (error) {
      deps.log.error(`webhook listener: ${String(error)}`);
      sendJson(res, 500, { error: 'internal error' });
    }
  };
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
