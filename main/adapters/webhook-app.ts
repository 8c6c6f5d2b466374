import express, { type NextFunction, type Request, type Response } from 'express';
import { parseJsonText } from '../../shared/parse';
import { parseWebhook, recorderVersionFromUserAgent, type RecorderWebhook } from '../../shared/recorder/webhook';
import type { Logger } from '../core/ports';
import type { IntakeResult, WebhookIntake } from '../core/webhook-intake';
import { checkJsonContentType, isSafeHostHeader, secretsEqual } from './request-guards';

/** Largest webhook body accepted; the recorder's are about 1 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Header that marks the app's own test event ("send test event" in the window). */
export const TEST_EVENT_HEADER = 'x-recorder-tray-test';
/** The webhook path; `/webhook/<token>` when a token is set. */
export const WEBHOOK_PATH = '/webhook';

/** What the webhook HTTP app needs. */
export interface WebhookAppDeps {
  intake: WebhookIntake;
  /** Runs after the 2xx has been sent, for each accepted event, in acceptance order. */
  onAccepted: (result: Extract<IntakeResult, { status: 'accepted' }>) => void;
  /** Runs after the 2xx for a delivery recognised as a duplicate (for the event log). */
  onDuplicate?: (webhook: RecorderWebhook, body: unknown, userAgent: string | undefined) => void;
  token: () => string;
  /** A per-run secret the app's own test events carry in TEST_EVENT_HEADER. */
  testSecret?: string;
  version: string;
  startedAt: number;
  clock: () => number;
  log: Logger;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The listener's HTTP routes: `/webhook[/token]` for the recorder and `/health`. */
export function createWebhookApp(deps: WebhookAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // The recorder never sends Origin: any Origin is a browser page trying to reach us.
  app.use((req, res, next) => {
    if (req.headers.origin !== undefined) return sendError(res, 403, 'requests from web pages are refused');
    if (!deps.token() && !isSafeHostHeader(req.headers.host)) {
      return sendError(res, 403, 'Host must be an IP address or localhost');
    }
    next();
  });

  app.get('/health', (_req, res) => {
    const c = deps.intake.counters;
    res.json({
      status: 'ok',
      app: 'recorder-tray',
      version: deps.version,
      uptimeSeconds: Math.round((deps.clock() - deps.startedAt) / 1000),
      webhooks: { received: c.received, accepted: c.accepted, duplicates: c.duplicates, rejected: c.rejected },
      lastWebhookAt: c.lastWebhookAt === null ? null : new Date(c.lastWebhookAt).toISOString(),
      lastUserAgent: c.lastUserAgent,
      recorderVersion: recorderVersionFromUserAgent(c.lastUserAgent ?? undefined) ?? null,
    });
  });

  const isWebhookPath = (path: string): boolean => {
    const token = deps.token();
    if (!token) return path === WEBHOOK_PATH;
    const prefix = `${WEBHOOK_PATH}/`;
    return path.startsWith(prefix) && secretsEqual(path.slice(prefix.length), token);
  };

  // Everything else is the webhook path or nothing: one handler, the listener's hot path.
  app.use(async (req: Request, res: Response) => {
    if (!isWebhookPath(req.path)) return sendError(res, 404, 'not found');
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendError(res, 405, 'use POST');
    }
    const type = checkJsonContentType(req.headers['content-type']);
    if (!type.ok) {
      deps.intake.countRejected();
      return sendError(res, 415, type.error);
    }
    const buffer = await readBody(req, MAX_BODY_BYTES);
    if (buffer === 'too-large') {
      deps.intake.countRejected();
      res.setHeader('Connection', 'close'); // the rest of the body is not read
      return sendError(res, 413, `body larger than ${MAX_BODY_BYTES} bytes`);
    }
    if (buffer === 'aborted') return;
    let text: string;
    try {
      text = utf8.decode(buffer);
    } catch {
      deps.intake.countRejected();
      return sendError(res, 400, 'body is not valid UTF-8');
    }
    const json = parseJsonText(text);
    if (!json.ok) {
      deps.intake.countRejected();
      return sendError(res, 400, `malformed JSON: ${json.error}`);
    }
    const parsed = parseWebhook(json.value);
    if (!parsed.ok) {
      deps.intake.countRejected();
      res.status(422).json({ error: 'not a recorder webhook (V1 or V2)', reasons: parsed.reasons });
      return;
    }
    const userAgent = req.headers['user-agent'];
    let result: IntakeResult;
    try {
      const testHeader = req.headers[TEST_EVENT_HEADER];
      const isTest = deps.testSecret !== undefined && typeof testHeader === 'string' && secretsEqual(testHeader, deps.testSecret);
      result = await deps.intake.offer(parsed.value, json.value, {
        ...(userAgent !== undefined ? { userAgent } : {}),
        ...(isTest ? { source: 'test' as const } : {}),
      });
    } catch (error) {
      deps.log.error(`journal write failed: ${String(error)}`);
      return sendError(res, 500, 'could not store the event; the recorder will retry');
    }
    res.status(204).end();
    if (result.status === 'accepted') {
      const accepted = result;
      setImmediate(() => deps.onAccepted(accepted));
    } else {
      setImmediate(() => deps.onDuplicate?.(result.webhook, json.value, userAgent));
    }
  });

  // Anything unexpected, always as JSON.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) deps.log.error(`webhook listener: ${String(error)}`);
    sendError(res, status, status >= 500 ? 'internal error' : String((error as Error).message ?? error));
  });

  return app;
}

/**
 * Reads a request body up to `limit` bytes. A plain reader rather than body-parser: the listener
 * needs only bytes, and this is its hot path (see scripts/bench-webhook.ts).
 */
function readBody(req: Request, limit: number): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: Buffer | 'too-large' | 'aborted') => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        finish('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.on('aborted', () => finish('aborted'));
    req.on('error', () => finish('aborted'));
  });
}

function sendError(res: Response, status: number, error: string): void {
  if (res.headersSent) return;
  res.status(status).json({ error });
}
