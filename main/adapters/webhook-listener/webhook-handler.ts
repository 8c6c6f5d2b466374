import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJsonText } from '../../../shared/parse';
import { parseWebhook } from '../../../shared/recorder/webhook';
import { errorDetail } from '../../core/log-text';
import type { IntakeResult } from '../../core/webhook-intake';
import { checkJsonContentType, isSafeHostHeader, secretsEqual } from '../request-guards';
import { sendJson } from '../json-answer';
import { MAX_JSON_DEPTH, readBody, tooDeep, type BodyRead } from './request-body';
import { answerTranslated } from './translated-answer';
import {
  type Answered,
  type ListenerRoute,
  MAX_BODY_BYTES,
  TEST_EVENT_HEADER,
  WEBHOOK_PATH,
  type WebhookListenerDeps,
} from './listener-types';

/**
 * Refuses requests that no recorder sends: any `Origin` (a web page), and without a token a `Host`
 * that is not an IP literal or `localhost` (DNS rebinding). Undefined when the request may pass.
 */
export function refusal(req: IncomingMessage, tokenSet: boolean): string | undefined {
  if (req.headers.origin !== undefined) return 'requests from web pages are refused';
  if (!tokenSet && !isSafeHostHeader(req.headers.host))
    return 'Host must be an IP address or localhost';
  return undefined;
}

/**
 * Everything under `/webhook`, on plain `node:http`: this is the listener's hot path, and express's
 * router and body parser cost about three times the rest of a request here (bench/webhook.ts).
 * The answer table is in docs/user-guide.md ("The listener's answers"); the 2xx goes out once the
 * event is in the journal. `path` is the request's path without the query, as the listener
 * already read it.
 */
export function createWebhookHandler(deps: WebhookListenerDeps): ListenerRoute {
  const reject = (res: ServerResponse, status: number, error: string) => {
    deps.intake.countRejected();
    sendJson(res, status, { error });
  };
  const afterAnswers = new AfterAnswers(deps);

  // The recorder sends one user agent: one string for it, not a copy per event the event log
  // holds (5,000 of them). An equal header gives back the string already held, not its own.
  let knownUserAgent: string | undefined;
  const sameUserAgent = (given: string | undefined): string | undefined => {
    if (given !== knownUserAgent) knownUserAgent = given;
    return knownUserAgent;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    const refused = refusal(req, deps.token !== '');
    if (refused) return sendJson(res, 403, { error: refused });
    const recorderId = webhookRecorder(path, deps.token, deps.recorderIds());
    if (recorderId === undefined) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendJson(res, 405, { error: 'use POST' });
    }
    const type = checkJsonContentType(req.headers['content-type']);
    if (!type.ok) return reject(res, 415, type.error);
    readBody(req, res, MAX_BODY_BYTES, (buffer) => void answer(req, res, buffer, recorderId));
  };

  // Everything after the body is in: defined once, not as a closure per request (the hot path).
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    buffer: BodyRead,
    recorderId: string,
  ): Promise<void> {
    if (buffer === 'aborted') return;
    if (buffer === 'too-large') return deps.intake.countRejected(); // answered by readBody
    // Checked, then decoded: a fatal TextDecoder costs several times more per body.
    if (!isUtf8(buffer)) return reject(res, 400, 'body is not valid UTF-8');
    // A byte order mark is dropped, as TextDecoder does.
    const bytes = hasUtf8Bom(buffer) ? buffer.subarray(3) : buffer;
    if (tooDeep(bytes)) return reject(res, 422, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    const text = bytes.toString('utf8');
    const json = parseJsonText(text);
    if (!json.ok) return reject(res, 400, `malformed JSON: ${json.error}`);
    const isTest = isTestDelivery(req, deps.testSecret?.());
    const userAgent = sameUserAgent(req.headers['user-agent']);
    // The app's own test events are BililiveRecorder's format whatever the recorder's kind.
    const translation = isTest ? undefined : deps.translate?.(recorderId, json.value);
    if (translation)
      return answerTranslated(deps, res, { recorderId, userAgent, translation }, afterAnswers);
    const parsed = parseWebhook(json.value);
    if (!parsed.ok) {
      deps.intake.countRejected();
      return sendJson(res, 422, {
        error: 'not a recorder webhook (V1 or V2)',
        reasons: parsed.reasons,
      });
    }
    let result: IntakeResult;
    try {
      result = await deps.intake.accept(parsed.value, json.value, {
        userAgent,
        source: isTest ? 'test' : 'webhook',
        recorderId,
        bodyBytes: bytes,
      });
    } catch (error) {
      deps.log.error(`journal write failed: ${String(error)}`);
      return sendJson(res, 500, { error: 'could not store the event; the recorder will retry' });
    }
    res.writeHead(204).end();
    afterAnswers.add({ result, body: json.value, userAgent, bodyJson: text });
  }

  return handle;
}

/**
 * The recorder a webhook path names: `/webhook[/<token>][/<recorder id>]`, the token compared in
 * constant time; no id: the first recorder. Undefined: not a webhook path of this app.
 */
export function webhookRecorder(
  path: string,
  token: string,
  recorderIds: readonly string[],
): string | undefined {
  if (path !== WEBHOOK_PATH && !path.startsWith(`${WEBHOOK_PATH}/`)) return undefined;
  // The URL carries each part percent-encoded (webhookUrlFor); compare the decoded text.
  let parts: string[];
  try {
    parts = path
      .slice(WEBHOOK_PATH.length + 1)
      .split('/')
      .map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (path === WEBHOOK_PATH) parts = [];
  if (token) {
    const given = parts.shift();
    if (given === undefined || !secretsEqual(given, token)) return undefined;
  }
  if (parts.length > 1) return undefined;
  const [id] = parts;
  if (id === undefined || id === '') return parts.length === 0 ? recorderIds[0] : undefined;
  return recorderIds.includes(id) ? id : undefined;
}

/** Whether a delivery is the app's own test event (it carries the run's secret in a header). */
function isTestDelivery(req: IncomingMessage, secret: string | undefined): boolean {
  const header = req.headers[TEST_EVENT_HEADER];
  return secret !== undefined && typeof header === 'string' && secretsEqual(header, secret);
}

/**
 * The work after the 2xx, in answer order: everything answered in one turn of the event loop runs
 * together in the next, so a burst costs one scheduled callback, not one per webhook.
 */
class AfterAnswers {
  readonly #deps: Pick<WebhookListenerDeps, 'onAccepted' | 'onDuplicate' | 'log'>;
  #answered: Answered[] = [];

  constructor(deps: Pick<WebhookListenerDeps, 'onAccepted' | 'onDuplicate' | 'log'>) {
    this.#deps = deps;
  }

  /** Queues one answered webhook for the next turn. */
  add(answered: Answered): void {
    this.#answered.push(answered);
    if (this.#answered.length === 1) setImmediate(this.#run);
  }

  readonly #run = (): void => {
    const batch = this.#answered;
    this.#answered = [];
    const deps = this.#deps;
    for (const { result, body, userAgent, bodyJson } of batch) {
      try {
        if (result.status === 'accepted') deps.onAccepted(result, bodyJson);
        else deps.onDuplicate?.(result, body, userAgent, bodyJson);
      } catch (error) {
        // One failing event must not cost the others their turn (it is in the journal anyway).
        deps.log.error(`after answering a webhook: ${errorDetail(error)}`);
      }
    }
  };
}

function hasUtf8Bom(buffer: Buffer): boolean {
  return buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

/**
 * The listener's requests: `/webhook[/…]` to the webhook handler, any other path to `others` (a
 * throw there is a 500). In this file so that a webhook, the hot path, runs no other module's code
 * (bench:trace counts the files one FileClosed runs).
 */
export function routeRequests(
  webhook: ListenerRoute,
  others: ListenerRoute,
  log: WebhookListenerDeps['log'],
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = pathOf(req.url);
    if (path === WEBHOOK_PATH || path.startsWith(`${WEBHOOK_PATH}/`))
      return webhook(req, res, path);
    try {
      others(req, res, path);
    } catch (error) {
      log.error(`webhook listener: ${String(error)}`);
      sendJson(res, 500, { error: 'internal error' });
    }
  };
}

/** The path of a request target, without the query. */
function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}
