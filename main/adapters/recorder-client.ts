import type * as z from 'zod';
import { errorMessage } from '../core/log-text';
import { describeIssues, parseJsonText, safeParseUnknown } from '../../shared/parse';
import {
  recorderStatusMessage,
  type RecorderStatus,
  type UnreadableRoom,
} from '../../shared/recorder/connection-status';
import type { Language } from '../../shared/settings';
import { readRoomList, type RoomListFailure, type RoomListRead } from './room-list-read';
import {
  REST_ERROR_CODE,
  RecorderLogFetch,
  RestError,
  RestRoom,
  RestVersion,
  type RestRoomList,
} from '../../shared/recorder/rest';
import { readCappedBody } from './capped-body';

/** Largest REST answer read: 1,000 rooms are about 1 MB; a wrong URL may serve a whole file. */
const MAX_BODY_BYTES = 32 * 2 ** 20;

/** Default time-out of one REST call. */
export const DEFAULT_RECORDER_TIMEOUT_MS = 10_000;

/** A REST call that did not give usable data, classified into a state a user can act on. */
export interface RecorderFailure {
  ok: false;
  status: Exclude<RecorderStatus, 'ok'>;
  /** English technical detail: `HTTP 503`, `ECONNREFUSED`, `room 23058: recordingStats.durationRatio: …`. */
  detail: string;
  /** The HTTP status, when there was an answer. */
  httpStatus?: number;
  /** bad-data: the room whose data broke the schema (when it has a readable `roomId`). */
  roomId?: number;
  /** bad-data: the first field that broke the schema, as `a.b[2].c`. */
  field?: string;
}

/**
 * A failed call of the recorder at `url` in plain words: 401 and 412 get the same advice as the
 * connection check (shared/recorder/connection-status.ts).
 */
export function failureMessage(failure: RecorderFailure, url: string, language: Language): string {
  return recorderStatusMessage(failure.status, language, { url, ...failure });
}

/** The result of a REST call: the parsed value, or a classified failure. */
export type RecorderResult<T> = { ok: true; value: T } | RecorderFailure;

/**
 * `GET /api/room` as read: the rooms, and those this app could not read, each named (one odd room
 * must not hide the others). A list none of whose rooms can be read is a bad-data failure.
 */
export type RoomListResult =
  { ok: true; value: RestRoomList; unreadable: UnreadableRoom[] } | RecorderFailure;

/** `getRoom` for an id the recorder does not know: the recorder itself answered fine. */
export interface RoomNotFound {
  ok: false;
  status: 'room-not-found';
  detail: string;
  httpStatus: 404;
}

/** The recorder's answer that it has no room `id` (its `RestApiError` code -4, HTTP 404). */
export function roomNotFound(id: number): RoomNotFound {
  return { ok: false, status: 'room-not-found', detail: `room ${id} not found`, httpStatus: 404 };
}

/** Options of a RecorderClient. */
export interface RecorderClientOptions {
  /** The recorder's base URL, e.g. `http://127.0.0.1:2356` (a trailing `/` is fine). */
  baseUrl: string;
  username?: string;
  password?: string;
  /** Time-out of each call, whole body included. */
  timeoutMs?: number;
  /** For testing: a replacement for the platform `fetch`. */
  fetch?: typeof fetch;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call (e.g. when the poller stops); counted as `unreachable`. */
  signal?: AbortSignal;
}

/** The `Authorization` value for Basic auth; the recorder compares base64 of the UTF-8 `user:pass`. */
export function basicAuthHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

// Node's fetch wraps socket errors in `TypeError: fetch failed` with the system error as `cause`.
function networkDetail(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `timed out after ${timeoutMs} ms`;
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted';
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return errorMessage(error);
}

const looksLikeHtml = (contentType: string, text: string): boolean =>
  contentType.includes('html') || /^\s*<(!doctype|html|head|body)\b/i.test(text);

/** An HTTP answer of the recorder, read but not yet judged. */
export type HttpAnswer = {
  kind: 'response';
  path: string;
  status: number;
  contentType: string;
  text: string;
};
/** What one call gave: an answer to judge, or a failure before any answer. */
export type Answer = { kind: 'failure'; failure: RecorderFailure } | HttpAnswer;

/** The methods the recorder's room commands use (docs/recorder.md, "Room commands"). */
export type RecorderMethod = 'GET' | 'POST' | 'DELETE';

/** A client of the recorder's REST API (command-line / Docker edition) over the platform `fetch`. */
export class RecorderClient {
  readonly #base: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: RecorderClientOptions) {
    this.#base = options.baseUrl.trim().replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_RECORDER_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#headers = { Accept: 'application/json' };
    const username = options.username ?? '';
    const password = options.password ?? '';
    if (username !== '' || password !== '')
      this.#headers.Authorization = basicAuthHeader(username, password);
  }

  /** The base URL without a trailing slash. */
  get baseUrl(): string {
    return this.#base;
  }

  /** `GET /api/room`: every room of the recorder; one odd room is named and the others read. */
  async listRooms(options: CallOptions = {}): Promise<RoomListResult> {
    const answer = await this.#get('/api/room', options);
    if (answer.kind === 'failure') return answer.failure;
    const read = parsedRoomList(answer);
    if (!read.ok) return 'status' in read ? read : roomBadData(read);
    const unreadable = read.unreadable.map((failure): UnreadableRoom => {
      const { roomId, field = '(root)', detail } = roomBadData(failure);
      return { ...(roomId !== undefined ? { roomId } : {}), field, detail };
    });
    return { ok: true, value: read.rooms, unreadable };
  }

  /** `GET /api/room/{id}`: one room by short or long id (`0` is the first room without a short id). */
  async getRoom(
    id: number,
    options: CallOptions = {},
  ): Promise<RecorderResult<RestRoom> | RoomNotFound> {
    if (!Number.isSafeInteger(id) || id < 0) {
      throw new RangeError(`Room id must be a non-negative integer, got ${id}`);
    }
    const answer = await this.#get(`/api/room/${id}`, options);
    if (
      answer.kind === 'response' &&
      answer.status === 404 &&
      restApiError(answer)?.code === REST_ERROR_CODE.roomNotFound
    )
      return roomNotFound(id);
    return parsedAnswer(answer, RestRoom);
  }

  /** `GET /api/version`: the recorder's version strings (`fullSemVer` for display). */
  async getVersion(options: CallOptions = {}): Promise<RecorderResult<RestVersion>> {
    return parsedAnswer(await this.#get('/api/version', options), RestVersion);
  }

  /**
   * One call with a JSON body (for the room commands, see recorder-commands.ts): the raw answer,
   * or a failure before any answer. Judge it with `judgeAnswer`.
   */
  send(
    method: RecorderMethod,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Answer> {
    return this.#send(method, path, options, body);
  }

  /**
   * `GET /api/log/fetch?after=<cursor>`: the recorder's newest log entries after `cursor` (all of
   * the last 100 without one). Command-line / Docker edition, whenever the HTTP API is bound.
   */
  async fetchLog(
    after: number | undefined,
    options: CallOptions = {},
  ): Promise<RecorderResult<RecorderLogFetch>> {
    const query = after === undefined ? '' : `?after=${encodeURIComponent(String(after))}`;
    return parsedAnswer(await this.#get(`/api/log/fetch${query}`, options), RecorderLogFetch);
  }

  #get(path: string, options: CallOptions): Promise<Answer> {
    return this.#send('GET', path, options);
  }

  async #send(
    method: RecorderMethod,
    path: string,
    options: CallOptions,
    body?: unknown,
  ): Promise<Answer> {
    let url: URL;
    try {
      url = new URL(this.#base + path);
    } catch {
      return failedCall('not-a-recorder', 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return failedCall('not-a-recorder', `unsupported scheme ${url.protocol}`);
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      // The whole body is read under the same signal, so a server that stalls mid-body times out too.
      const headers =
        body === undefined
          ? this.#headers
          : { ...this.#headers, 'Content-Type': 'application/json; charset=utf-8' };
      const response = await this.#fetch(url, {
        method,
        headers,
        signal,
        redirect: 'follow',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const bytes = await readCappedBody(response, MAX_BODY_BYTES);
      if (bytes === undefined)
        return failedCall(
          'not-a-recorder',
          `the answer is larger than ${MAX_BODY_BYTES / 2 ** 20} MiB`,
        );
      const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
      const text = bytes.toString('utf8');
      return { kind: 'response', path, status: response.status, contentType, text };
    } catch (error) {
      // A time-out of the combined signal surfaces as the time-out's own reason.
      const reason = timeout.aborted ? timeout.reason : error;
      return failedCall('unreachable', networkDetail(reason, this.#timeoutMs));
    }
  }
}

/** A call that failed before any answer. */
function failedCall(status: 'not-a-recorder' | 'unreachable', detail: string): Answer {
  return { kind: 'failure', failure: { ok: false, status, detail } };
}

/** A 2xx answer's JSON, or the failure its status or body stands for (401, 412, 5xx, HTML, …). */
function jsonBody(answer: HttpAnswer): { ok: true; value: unknown } | RecorderFailure {
  const { path, status, contentType, text } = answer;
  const failure = classifyStatus(status, path);
  if (failure) return failure;
  if (looksLikeHtml(contentType, text))
    return notARecorder(status, 'the answer is an HTML page, not JSON');
  const json = parseJsonText(text);
  if (!json.ok) return notARecorder(status, `the answer is not JSON: ${json.error}`);
  return { ok: true, value: json.value };
}

/**
 * What one call's answer holds, parsed with `schema`: the failure before any answer, the one its
 * status or body stands for (jsonBody), or the first field the schema refused (badData). Every
 * call of the recorder whose answer is one JSON value reads it here.
 */
export function parsedAnswer<S extends z.ZodType>(
  answer: Answer,
  schema: S,
): RecorderResult<z.output<S>> {
  if (answer.kind === 'failure') return answer.failure;
  const body = jsonBody(answer);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : badData(parsed.error.issues, body.value, '');
}

/**
 * The room list: what is wrong with the answer, or its rooms checked one by one, so that a failure
 * names the room (its `roomId`), not just an index.
 */
function parsedRoomList(answer: HttpAnswer): RoomListRead | RecorderFailure {
  const body = jsonBody(answer);
  if (!body.ok) return body;
  if (!Array.isArray(body.value)) {
    return {
      ok: false,
      status: 'bad-data',
      detail: '(root): expected an array of rooms',
      field: '(root)',
    };
  }
  return readRoomList(body.value);
}

/** The recorder's own `RestApiError` in a non-HTML answer (`{"code":-4,"message":"Room not found"}`). */
export function restApiError(answer: HttpAnswer): RestError | undefined {
  if (looksLikeHtml(answer.contentType, answer.text)) return undefined;
  const json = parseJsonText(answer.text);
  const error = json.ok ? safeParseUnknown(RestError, json.value) : undefined;
  return error?.ok ? error.value : undefined;
}

function notARecorder(httpStatus: number, detail: string): RecorderFailure {
  return { ok: false, status: 'not-a-recorder', detail, httpStatus };
}

// Statuses that decide the outcome whatever the body. A 404 means a wrong base URL (the recorder
// answers every `/api` path it has); getRoom first checks for its JSON "Room not found".
function classifyStatus(httpStatus: number, path: string): RecorderFailure | undefined {
  const detail = `HTTP ${httpStatus}`;
  if (httpStatus === 401) return { ok: false, status: 'unauthorized', detail, httpStatus };
  if (httpStatus === 412) return { ok: false, status: 'open-access-guard', detail, httpStatus };
  if (httpStatus >= 500) return { ok: false, status: 'server-error', detail, httpStatus };
  if (httpStatus === 404) return notARecorder(httpStatus, `HTTP 404 for ${path}`);
  if (httpStatus < 200 || httpStatus > 299) return notARecorder(httpStatus, detail);
  return undefined;
}

/** A room the schema refused, as a failure naming the room (or its place) and the field. */
function roomBadData(failure: RoomListFailure): RecorderFailure {
  return badData(failure.issues, failure.raw, `[${failure.index}]`);
}

/** A failure naming the first field of `raw` that broke a schema (and its room, when it has one). */
function badData(
  issues: readonly z.core.$ZodIssue[],
  raw: unknown,
  indexPrefix: string,
): RecorderFailure {
  const first = describeIssues(issues)[0] ?? '(root): invalid';
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const roomId = typeof record.roomId === 'number' ? record.roomId : undefined;
  const name = typeof record.name === 'string' && record.name !== '' ? ` (${record.name})` : '';
  const separator = first.indexOf(': ');
  const field = separator >= 0 ? first.slice(0, separator) : first;
  const where =
    roomId !== undefined ? `room ${roomId}${name}` : indexPrefix ? `room at ${indexPrefix}` : '';
  return {
    ok: false,
    status: 'bad-data',
    detail: where ? `${where}: ${first}` : first,
    ...(roomId !== undefined ? { roomId } : {}),
    field,
  };
}
