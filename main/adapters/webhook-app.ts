import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { recorderVersionFromUserAgent } from '../../shared/recorder/webhook';
import type { Logger } from '../core/ports';
import type { IntakeResult, WebhookIntake } from '../core/webhook-intake';
import { isLoopbackHost } from './request-guards';
import { createWebhookHandler, pathOf, refusal, WEBHOOK_PATH } from './webhook-handler';

/** What the webhook listener needs. */
export interface WebhookAppDeps {
  intake: WebhookIntake;
  /**
   * Runs after the 2xx has been sent, for each accepted event, in acceptance order, with the
   * body's JSON text as received.
   */
  onAccepted: (result: Extract<IntakeResult, { status: 'accepted' }>, bodyJson: string) => void;
  /** Runs after the 2xx for a delivery recognised as a duplicate (for the event log). */
  onDuplicate?: (
    result: Extract<IntakeResult, { status: 'duplicate' }>,
    body: unknown,
    userAgent: string | undefined,
    /** The body's JSON text as received. */
    bodyJson: string,
  ) => void;
  /** The token in the webhook URL, as bound ('' for none). */
  token: string;
  /** A per-run secret the app's own test events carry in TEST_EVENT_HEADER. */
  testSecret?: string;
  version: string;
  startedAt: number;
  clock: () => number;
  log: Logger;
}

/**
 * The listener: `/webhook[/token]` for the recorder (a plain handler, its hot path) and express
 * for the rest: `/health`, 404s and errors, behind the same Origin / Host guard.
 */
export function createWebhookListener(
  deps: WebhookAppDeps,
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
