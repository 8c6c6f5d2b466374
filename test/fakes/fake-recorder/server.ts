import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toRecorderJson } from './recorder-json';
import {
  FAKE_VERSION,
  IDLE,
  restIoStats,
  restRecordingStats,
  restRoom,
  restRoomConfig,
  restVersion,
  type FakeRoom,
} from './rooms';
import type { FakeRecorderState } from './state';

/** A room command of `POST /api/room/{id}/…`. */
export type RoomCommand = 'start' | 'stop' | 'split' | 'refresh';

/** Options of the fake recorder's HTTP handler. */
export interface FakeHandlerOptions {
  state: FakeRecorderState;
  /** Basic auth on every path when set (either one non-empty). */
  username?: string;
  password?: string;
  /** Answer 412 to every request, as 2.11.0/2.11.1 did without Basic auth or BREC_HTTP_OPEN_ACCESS. */
  openAccessGuard?: boolean;
  /** Runs a room command (and sends its webhooks). */
  onCommand: (command: RoomCommand, room: FakeRoom) => void;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

function send(
  res: ServerResponse,
  status: number,
  contentType: string | undefined,
  body: string,
  extra: Record<string, string> = {},
): void {
  const bytes = Buffer.from(body, 'utf8');
  const headers: Record<string, string | number> = { 'Content-Length': bytes.length, ...extra };
  if (contentType) headers['Content-Type'] = contentType;
  res.writeHead(status, headers);
  res.end(bytes);
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON_TYPE, toRecorderJson(body));

const PAGE_404 =
  '<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>404 Not Found - 录播姬</title></head>' +
  '<body><h1>404 Not Found</h1><p>页面不存在 Page not found</p></body></html>\n';
const PAGE_401 =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>401 Unauthorized</title></head><body>' +
  `<h1>401 Unauthorized</h1><p>录播姬 BililiveRecorder ${FAKE_VERSION}</p></body></html>\n`;
// The texts of the recorder's OpenAccessWarningMiddleware (2.11.1), shortened.
const TEXT_412 =
  'Access Denied.\nOpen access from the internet detected. Please enable basic authentication by setting the ' +
  'environment variables "BREC_HTTP_BASIC_USER" and "BREC_HTTP_BASIC_PASS", or disable this warning by setting ' +
  'the environment variable "BREC_HTTP_OPEN_ACCESS".\n检测到非局域网无密码访问。请设置使用环境变量 "BREC_HTTP_BASIC_USER" 和 ' +
  `"BREC_HTTP_BASIC_PASS" 设置用户名密码。\n录播姬 BililiveRecorder ${FAKE_VERSION}\n`;
const HTML_412 =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Access Denied</title></head><body><h1>Access Denied</h1>' +
  `<p>${TEXT_412.split('\n').slice(1, -2).join('</p><p>')}</p><hr><p>录播姬 BililiveRecorder ${FAKE_VERSION}</p></body></html>\n`;

function problem(
  res: ServerResponse,
  status: 400 | 415,
  title: string,
  errors?: Record<string, string[]>,
): void {
  const section = status === 400 ? '6.5.1' : '6.5.13';
  send(
    res,
    status,
    PROBLEM_TYPE,
    JSON.stringify({
      type: `https://tools.ietf.org/html/rfc7231#section-${section}`,
      title,
      status,
      traceId: `00-${randomUUID().replace(/-/g, '')}-${randomUUID().slice(0, 16).replace(/-/g, '0')}-00`,
      ...(errors ? { errors } : {}),
    }),
  );
}

// ASP.NET's `{roomId:int}` route constraint: an Int32, else the route does not match (→ 404 page).
function routeInt(segment: string): number | undefined {
  if (!/^[+-]?\d+$/.test(segment)) return undefined;
  const n = Number(segment);
  return n >= -2_147_483_648 && n <= 2_147_483_647 ? n : undefined;
}

const GUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

function authorized(req: IncomingMessage, username: string, password: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!/^basic /i.test(header)) return false;
  const expected = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
  return header.slice(6).trim() === expected;
}

function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size <= limit ? Buffer.concat(chunks).toString('utf8') : undefined),
    );
    req.on('error', () => resolve(undefined));
  });
}

/** The request handler of the fake recorder: REST API, auth, open-access guard, 404 page. */
export function createFakeRecorderHandler(
  options: FakeHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { state } = options;
  const username = options.username ?? '';
  const password = options.password ?? '';
  const authOn = username !== '' || password !== '';

  return (req, res) => {
    // Basic auth comes first; the open-access guard only acts when no credentials are configured.
    if (authOn && !authorized(req, username, password)) {
      send(res, 401, 'text/html', PAGE_401, {
        'WWW-Authenticate': `Basic realm="BililiveRecorder ${FAKE_VERSION}"`,
      });
      return;
    }
    if (!authOn && options.openAccessGuard) {
      const html = (req.headers.accept ?? '').includes('text/html');
      send(res, 412, html ? HTML_TYPE : 'text/plain; charset=utf-8', html ? HTML_412 : TEXT_412);
      return;
    }
    // The recorder answers an unhandled exception with a bare 500 and an empty body.
    route(req, res, options, state).catch(() => {
      if (!res.headersSent) send(res, 500, undefined, '');
      else res.destroy();
    });
  };
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  options: FakeHandlerOptions,
  state: FakeRecorderState,
): Promise<void> {
  const method = req.method ?? 'GET';
  // ASP.NET routes match case-insensitively and ignore one trailing slash.
  const path = new URL(req.url ?? '/', 'http://fake').pathname
    .toLowerCase()
    .replace(/(.)\/$/, '$1');
  const segments = path.split('/').filter(Boolean);
  const now = state.now();
  const notAllowed = () => send(res, 405, undefined, '');

  if (path === '/ui' || path === '/swagger') {
    send(
      res,
      200,
      HTML_TYPE,
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Fake recorder</title></head><body><h1>Fake recorder ${path}</h1></body></html>\n`,
    );
    return;
  }
  if (path === '/api/log/fetch') {
    if (method !== 'GET') return notAllowed();
    const after = new URL(req.url ?? '/', 'http://fake').searchParams.get('after');
    send(res, 200, JSON_TYPE, state.log.fetchBody(after === null ? undefined : Number(after)));
    return;
  }
  if (path === '/api/version') {
    if (method !== 'GET') return notAllowed();
    sendJson(res, 200, restVersion());
    return;
  }
  if (path === '/api/config/global') {
    if (method === 'GET') {
      state.globalConfig.reads += 1;
      return sendJson(res, 200, state.globalConfig.dto());
    }
    if (method === 'POST') return setGlobalConfig(req, res, state);
    return notAllowed();
  }
  if (segments[0] !== 'api' || segments[1] !== 'room' || segments.length > 4) {
    send(res, 404, HTML_TYPE, PAGE_404);
    return;
  }
  if (segments.length === 2) {
    if (method === 'GET')
      return sendJson(
        res,
        200,
        state.rooms.map((room) => restRoom(room, now)),
      );
    if (method === 'POST') return createRoom(req, res, state);
    return notAllowed();
  }
  const idText = segments[2] ?? '';
  const id = routeInt(idText);
  // `{objectId:guid}` routes; the path is lowercased already.
  const guid = id === undefined && GUID.test(idText) ? idText.replace(/-/g, '') : undefined;
  if (id === undefined && guid === undefined) {
    send(res, 404, HTML_TYPE, PAGE_404);
    return;
  }
  const room =
    id !== undefined
      ? state.find(id)
      : state.rooms.find((r) => r.objectId.replace(/-/g, '').toLowerCase() === guid);
  const sub = segments[3];
  const getters: Record<string, (r: FakeRoom) => unknown> = {
    stats: (r) => restRecordingStats(r, now),
    iostats: (r) => restIoStats(r, now),
    config: (r) => restRoomConfig(r),
  };
  const commands: readonly string[] = ['start', 'stop', 'split', 'refresh'];
  const known = sub === undefined || sub in getters || commands.includes(sub);
  if (!known) {
    send(res, 404, HTML_TYPE, PAGE_404);
    return;
  }
  const wantsPost = sub !== undefined && commands.includes(sub);
  // DELETE /api/room/{id} and POST /api/room/{id}/config (RoomController.DeleteRoom, SetRoomConfig).
  const allowed =
    method === (wantsPost ? 'POST' : 'GET') ||
    (sub === undefined && method === 'DELETE') ||
    (sub === 'config' && method === 'POST');
  if (!allowed) return notAllowed();
  if (!room) return sendJson(res, 404, { code: -4, message: 'Room not found' });
  if (method === 'DELETE') {
    state.rooms.splice(state.rooms.indexOf(room), 1);
    return sendJson(res, 200, restRoom(room, now));
  }
  if (sub === 'config' && method === 'POST') return setRoomConfig(req, res, room);
  if (sub === undefined) return sendJson(res, 200, restRoom(room, now));
  const getter = getters[sub];
  if (getter) return sendJson(res, 200, getter(room));
  options.onCommand(sub as RoomCommand, room);
  sendJson(res, 200, restRoom(room, state.now()));
}

// ConfigController.SetGlobalConfig: applies the fields present, saves, answers the new GlobalConfigDto.
async function setGlobalConfig(
  req: IncomingMessage,
  res: ServerResponse,
  state: FakeRecorderState,
): Promise<void> {
  const body = await jsonRequest(req, res);
  if (body === undefined) return;
  const applied = state.globalConfig.apply(body);
  if (!applied.ok)
    return problem(res, 400, 'One or more validation errors occurred.', applied.errors);
  sendJson(res, 200, state.globalConfig.dto());
}

// Only `autoRecord` of SetRoomConfig is kept by the fake; the optional… fields are accepted and ignored.
async function setRoomConfig(
  req: IncomingMessage,
  res: ServerResponse,
  room: FakeRoom,
): Promise<void> {
  const body = await jsonRequest(req, res);
  if (body === undefined) return;
  if (typeof body.autoRecord === 'boolean') room.autoRecord = body.autoRecord;
  sendJson(res, 200, restRoomConfig(room));
}

// The JSON body of a POST as ASP.NET's input formatter takes it: 415 without a JSON type, 400
// for text that is not JSON; undefined once such an answer was sent.
async function jsonRequest(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Record<string, unknown> | undefined> {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    await readBody(req);
    problem(res, 415, 'Unsupported Media Type');
    return undefined;
  }
  const text = await readBody(req);
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    problem(res, 400, 'One or more validation errors occurred.', {
      $: ['The input was not valid JSON.'],
    });
    return undefined;
  }
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

async function createRoom(
  req: IncomingMessage,
  res: ServerResponse,
  state: FakeRecorderState,
): Promise<void> {
  const record = await jsonRequest(req, res);
  if (record === undefined) return;
  const roomId =
    typeof record.roomId === 'number' && Number.isInteger(record.roomId) ? record.roomId : 0;
  const autoRecord = record.autoRecord === true;
  if (roomId <= 0)
    return sendJson(res, 400, { code: -2, message: 'Roomid must be greater than 0.' });
  let room = state.find(roomId);
  if (room) {
    room.autoRecord = autoRecord;
  } else {
    // A room just added by the API shows empty names until its first refresh (see the fixture).
    room = {
      objectId: randomUUID(),
      roomId,
      shortId: 0,
      uid: 0,
      name: '',
      title: '',
      areaNameParent: '',
      areaNameChild: '',
      autoRecord,
      ...IDLE,
      danmakuConnected: false, // a room just added has not connected yet
      bytesPerSecond: 400_000,
      streamHost: 'cn-gddg-ct-01-09.bilivideo.com',
    };
    state.rooms.push(room);
  }
  sendJson(res, 200, restRoom(room, state.now()));
}
