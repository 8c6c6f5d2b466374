import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { recorderVersionFromUserAgent } from '../../../shared/recorder/webhook';
import { isLoopbackHost } from '../request-guards';
import { WEBHOOK_PATH, type WebhookListenerDeps } from './listener-types';
import { createWebhookHandler, pathOf, refusal } from './webhook-handler';

/**
 * The listener: `/webhook[/token]` for the recorder (a plain handler, its hot path) and express
 * for the rest: `/health`, 404s and errors, behind the same Origin / Host guard.
 */
export function createListenerRoutes(
  deps: WebhookListenerDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const webhook = createWebhookHandler(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use((req, res, next) => {
    const refused = refusal(req, deps.token !== '');
    if (refused) return void res.status(403).json({ error: refused });
    next();
  });

  app.get('/health', (req, res) => {
    // Listening on the LAN (a token is set), health is for this machine only: it tells when
    // events come and which recorder sends them.
    if (deps.token !== '' && !isLoopbackHost(req.socket.remoteAddress ?? '')) {
      return void res.status(404).json({ error: 'not found' });
    }
    const c = deps.intake.counters;
    res.json({
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
  });

  app.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  app.use(
    (error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      deps.log.error(`webhook listener: ${String(error)}`);
      if (!res.headersSent) res.status(500).json({ error: 'internal error' });
    },
  );

  return (req, res) => {
    const path = pathOf(req.url);
    if (path === WEBHOOK_PATH || path.startsWith(`${WEBHOOK_PATH}/`)) webhook(req, res, path);
    else app(req, res);
  };
}
