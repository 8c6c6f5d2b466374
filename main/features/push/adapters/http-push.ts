import { jsonOrUndefined } from '../../../../shared/parse';
import type { PushFailure } from '../../../../shared/push';
import { redactText, type PushAuth } from '../core/push-url';

/** The outcome of one send: done, or why not with what the service answered. */
export type SendOutcome = { ok: true } | { ok: false; reason: PushFailure; detail: string };

/** A service's answer: its status and body text. */
export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** Options shared by every service's sender. */
export interface HttpPushOptions {
  /** Give up on one request after this long (default 10 s). */
  timeoutMs?: number;
  /** Masked in every detail returned (tokens travel in some services' URLs). */
  secrets: readonly string[];
}

const DETAIL_MAX = 300;

/**
 * Sends to each recipient (device key, topic, chat) in turn; the first failure is the outcome and
 * the rest are not tried, so a retry sends to all of them again.
 */
export async function sendToEach<T>(
  recipients: readonly T[],
  send: (recipient: T) => Promise<SendOutcome>,
): Promise<SendOutcome> {
  for (const recipient of recipients) {
    const outcome = await send(recipient);
    if (!outcome.ok) return outcome;
  }
  return { ok: true };
}

/** The Authorization header of basic or bearer credentials. */
export function authorization(auth: PushAuth | undefined): Record<string, string> {
  if (!auth) return {};
  const value =
    auth.kind === 'bearer'
      ? `Bearer ${auth.token}`
      : `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  return { authorization: value };
}

/** The failure an HTTP status stands for, when the service says no more than its status. */
function failureOfStatus(status: number): PushFailure {
  if (status === 401 || status === 403) return 'badToken';
  if (status === 404) return 'notFound';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'serverError';
  return 'rejected';
}

/** A failure with the answer's words (secrets masked, cut to a readable length). */
export function failed(
  reason: PushFailure,
  detail: string,
  secrets: readonly string[],
): SendOutcome {
  const text = redactText(detail.replace(/\s+/g, ' ').trim(), secrets);
  return {
    ok: false,
    reason,
    detail: text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text,
  };
}

function networkFailure(error: unknown): { reason: PushFailure; detail: string } {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return { reason: 'timeout', detail: 'no answer in time' };
  // fetch() wraps the socket's error: ECONNREFUSED, ENOTFOUND, ECONNRESET, certificate errors …
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  return { reason: 'unreachable', detail };
}

/** POSTs a JSON body and judges the answer as `request` does. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: HttpPushOptions,
  judge: (answer: HttpAnswer) => SendOutcome,
): Promise<SendOutcome> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
  return request(url, init, options, judge);
}

/**
 * Sends one request (never following a redirect) and hands the answer to `judge`, which says
 * whether the service took it (most answer 200 with an error code in the body). Network errors
 * and timeouts become failures; this never throws.
 */
export async function request(
  url: string,
  init: RequestInit,
  options: HttpPushOptions,
  judge: (answer: HttpAnswer) => SendOutcome,
): Promise<SendOutcome> {
  let response: Response;
  try {
    const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    response = await fetch(url, { ...init, redirect: 'error', signal });
  } catch (error) {
    const { reason, detail } = networkFailure(error);
    return failed(reason, detail, options.secrets);
  }
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    return failed('unreachable', networkFailure(error).detail, options.secrets);
  }
  const outcome = judge({ status: response.status, text, json: jsonOrUndefined(text) });
  return outcome.ok ? outcome : failed(outcome.reason, outcome.detail, options.secrets);
}

/** The default judgement: any 2xx is taken; otherwise the status says why, the body in words. */
export function byStatus(answer: HttpAnswer): SendOutcome {
  if (answer.status >= 200 && answer.status < 300) return { ok: true };
  return {
    ok: false,
    reason: failureOfStatus(answer.status),
    detail: `HTTP ${answer.status}${answer.text ? `: ${answer.text}` : ''}`,
  };
}

/** A field of an answer's JSON object, if it is one. */
export function field(json: unknown, key: string): unknown {
  return typeof json === 'object' && json !== null
    ? (json as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The judgement of a service that answers 200 with a code in its JSON (the first of `codeKeys`
 * it has), `okCode` when taken: otherwise the reason `reasonOf` reads in the code and the
 * service's words (the first of `wordsKeys` it has), else the status's; the detail is
 * `code: words`. An answer without the code is never taken: it is not the service's.
 */
export function byCode(
  codeKeys: readonly string[],
  okCode: number,
  wordsKeys: readonly string[],
  reasonOf: (code: unknown, words: string) => PushFailure | undefined,
): (answer: HttpAnswer) => SendOutcome {
  const first = (json: unknown, keys: readonly string[]) =>
    keys.map((key) => field(json, key)).find((value) => value !== undefined && value !== null);
  return (answer) => {
    const code = first(answer.json, codeKeys);
    if (answer.status === 200 && code === okCode) return { ok: true };
    const words = String(first(answer.json, wordsKeys) ?? answer.text);
    const verdict = byStatus(answer);
    const reason = reasonOf(code, words) ?? (verdict.ok ? 'rejected' : verdict.reason);
    return { ok: false, reason, detail: `${code ?? `HTTP ${answer.status}`}: ${words}` };
  };
}

/** byStatus, the detail in the service's own words when its JSON error has them under `key`. */
export function byStatusSaying(key: string): (answer: HttpAnswer) => SendOutcome {
  return (answer) => {
    const verdict = byStatus(answer);
    const words = field(answer.json, key);
    if (verdict.ok || typeof words !== 'string') return verdict;
    return { ok: false, reason: verdict.reason, detail: `HTTP ${answer.status}: ${words}` };
  };
}
