import { connectText, type ConnectOutcome } from '../../shared/i18n/recorder-connect';
import { GlobalWebhookLists, type WebhooksPointHere } from '../../shared/recorder/global-config';
import type { Language } from '../../shared/settings';
import { planConnect, recorderCanReach, webhooksSetIn } from '../core/recorder-connect';
import {
  failureMessage,
  parsedAnswer,
  RecorderClient,
  type Answer,
  type CallOptions,
  type RecorderClientOptions,
  type RecorderFailure,
  type RecorderResult,
} from './recorder-client';

/** The recorder to talk to: its base URL and Basic auth, as in the settings. */
export type RecorderLogin = Pick<RecorderClientOptions, 'baseUrl' | 'username' | 'password'>;

/** Where the recorder should send its webhooks: this app's URL for it, and the listener's bind host. */
export interface ConnectTarget {
  webhookUrl: string;
  listenerHost: string;
}

/** The answer of connecting in one click: plain words, and whether the webhooks now point here. */
export interface ConnectResult {
  ok: boolean;
  message: string;
  webhooks: WebhooksPointHere;
}

/** Options of the calls (tests pass a short time-out). */
export type GlobalConfigOptions = Pick<RecorderClientOptions, 'timeoutMs' | 'fetch'>;

const PATH = '/api/config/global';

// The answer of /api/config/global holds the user's login cookie. Nothing of its text may reach
// a message: jsonBody's "not JSON" detail quotes V8's JSON.parse error, which shows the text's
// start, so it is cut to the fact; the schema's issues name fields, never values.
function readLists(answer: Answer): RecorderResult<GlobalWebhookLists> {
  const read = parsedAnswer(answer, GlobalWebhookLists);
  if (read.ok || !read.detail.startsWith('the answer is not JSON')) return read;
  return { ...read, detail: 'the answer is not JSON' };
}

/** `GET /api/config/global`: the recorder's two webhook lists, and nothing else of its settings. */
export async function readWebhookLists(
  client: RecorderClient,
  options: CallOptions = {},
): Promise<RecorderResult<GlobalWebhookLists>> {
  return readLists(await client.send('GET', PATH, undefined, options));
}

/**
 * `POST /api/config/global` with only `optionalWebHookUrlsV2`: the recorder changes the fields
 * present and nothing else (SetGlobalConfig.ApplyTo), saves, and answers its new settings.
 */
export async function writeWebhookListV2(
  client: RecorderClient,
  list: string,
  options: CallOptions = {},
): Promise<RecorderResult<GlobalWebhookLists>> {
  const body = { optionalWebHookUrlsV2: { hasValue: true, value: list } };
  return readLists(await client.send('POST', PATH, body, options));
}

/** The app's client of the recorder (its link's), or one made for a login (tests, tools). */
function clientFor(
  login: RecorderLogin | RecorderClient,
  options: GlobalConfigOptions,
): RecorderClient {
  return login instanceof RecorderClient ? login : new RecorderClient({ ...login, ...options });
}

/**
 * Whether the recorder's V2 list sends to `webhookUrl`, for the connection check: `unknown`
 * without a recorder URL (the desktop edition has no API) or when the recorder does not answer.
 */
export async function webhooksPointHere(
  login: RecorderLogin | RecorderClient,
  webhookUrl: string,
  options: GlobalConfigOptions = {},
): Promise<WebhooksPointHere> {
  if (login.baseUrl.trim() === '') return 'unknown';
  const lists = await readWebhookLists(clientFor(login, options));
  if (!lists.ok) return 'unknown';
  return webhooksSetIn(lists.value, webhookUrl) ? 'set' : 'not set';
}

/**
 * Connects a recorder in one click (command-line / Docker edition): reads its global settings,
 * adds this app's webhook URL to the V2 list (every URL there kept, never twice), posts only that
 * field, and reads the settings back to confirm. Refuses, with the reason, where the recorder
 * could not reach the URL. Never throws; the answer is in plain words.
 */
export async function connectRecorder(
  login: RecorderLogin | RecorderClient,
  target: ConnectTarget,
  language: Language,
  options: GlobalConfigOptions = {},
): Promise<ConnectResult> {
  const facts = { webhookUrl: target.webhookUrl, recorderUrl: login.baseUrl.trim() };
  const say = (outcome: ConnectOutcome, webhooks: WebhooksPointHere, extra = {}, inV1 = false) => ({
    ok: outcome === 'added' || outcome === 'already',
    message: connectText(outcome, language, { ...facts, ...extra }, inV1),
    webhooks,
  });
  if (facts.recorderUrl === '') return say('noRecorderUrl', 'unknown');
  if (!recorderCanReach(facts.recorderUrl, target.webhookUrl, target.listenerHost))
    return say('unreachable', 'unknown');
  const client = clientFor(login, options);
  const failed = (failure: RecorderFailure, outcome: ConnectOutcome = 'failed') =>
    say(outcome, 'unknown', { reason: failureMessage(failure, facts.recorderUrl, language) });

  const lists = await readWebhookLists(client);
  if (!lists.ok) return failed(lists);
  const plan = planConnect(lists.value, target.webhookUrl);
  if (plan.kind === 'already') return say('already', 'set', {}, plan.inV1);
  const written = await writeWebhookListV2(client, plan.v2);
  if (!written.ok) return failed(written);
  const check = await readWebhookLists(client);
  if (!check.ok) return failed(check, 'notConfirmed');
  if (!webhooksSetIn(check.value, target.webhookUrl)) return say('notConfirmed', 'not set');
  return say('added', 'set', {}, plan.inV1);
}
