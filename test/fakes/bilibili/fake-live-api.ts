import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pngImage } from './png';

/** A room as the fake bilibili live API knows it. */
export interface FakeLiveRoom {
  roomId: number;
  shortId?: number;
  uid: number;
  uname: string;
  title: string;
  area: string;
  parentArea: string;
  liveStatus: 0 | 1 | 2;
  /** Image names served under `/img/` (`''`: the room has no cover, as bilibili answers), or absolute URLs. */
  face: string;
  cover: string;
}

/** How the fake refuses, the ways bilibili does. */
export type Refusal = 'http412' | 'http429' | 'code-352' | 'code-412';

/** One request the fake received. */
export interface LiveApiRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
}

/** The fake on 127.0.0.1: set `liveApiHost` to its `url`. */
export interface FakeLiveApi {
  url: string;
  rooms: Map<number, FakeLiveRoom>;
  /** Images by name: bytes and the Content-Type the fake claims (it may lie, as servers do). */
  images: Map<string, { bytes: Buffer; type: string; noLength?: boolean }>;
  requests: LiveApiRequest[];
  /** While set, every API request (not images) is refused this way. */
  refuse: Refusal | undefined;
  /** While true, API requests are never answered (a network that hangs). */
  stall: boolean;
  /** Stalled requests the client gave up on (closed their connection). */
  abandoned: number;
  /** API requests (getRoomBaseInfo and get_status_info_by_uids), images left out. */
  apiRequests(): LiveApiRequest[];
  close(): Promise<void>;
}

const BASE_INFO = '/xlive/web-room/v1/index/getRoomBaseInfo';
const BY_UIDS = '/room/v1/Room/get_status_info_by_uids';

/**
 * A fake of bilibili's public live API following its documented answers
 * (https://github.com/SocialSisterYi/bilibili-API-collect/blob/master/docs/live/info.md): `getRoomBaseInfo?req_biz=web_room_componet&room_ids=…`
 * answers `{code:0, message:"0", ttl:1, data:{by_uids:{}, by_room_ids:{"<room_id>":{room_id, uid,
 * title, uname, cover, area_name, parent_area_name, live_status, short_id, …}}}}` (no avatar);
 * `get_status_info_by_uids?uids[]=…` answers `{code:0, msg, message, data:{"<uid>":{uid, room_id,
 * uname, face, area_v2_name, …}}}`. Refusals: HTTP 412 with an HTML page (its WAF), HTTP 429, or
 * HTTP 200 with `{code:-352}` (risk control) / `{code:-412}` (request intercepted). Images are
 * served by the fake itself under `/img/<name>`.
 */
export async function startFakeLiveApi(): Promise<FakeLiveApi> {
  const fake = {
    rooms: new Map(),
    images: new Map(),
    requests: [],
    refuse: undefined,
    stall: false,
    abandoned: 0,
  } as unknown as FakeLiveApi;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      userAgent: req.headers['user-agent'],
    });
    if (url.pathname.startsWith('/img/')) {
      const image = fake.images.get(decodeURIComponent(url.pathname.slice(5)));
      if (!image) return void res.writeHead(404).end();
      // noLength: sent chunked, so only the bytes that arrive tell the size.
      res.writeHead(200, {
        'content-type': image.type,
        ...(image.noLength ? {} : { 'content-length': image.bytes.length }),
      });
      return void res.end(image.bytes);
    }
    if (fake.stall) {
      res.on('close', () => (fake.abandoned += 1)); // or closed by close()
      return;
    }
    const answer = apiAnswer(fake, url);
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiRequests = () => fake.requests.filter((r) => !r.path.startsWith('/img/'));
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}

function json(body: unknown, status = 200) {
  return { status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}

function apiAnswer(fake: FakeLiveApi, url: URL) {
  if (fake.refuse === 'http412')
    return {
      status: 412,
      type: 'text/html',
      body: '<html><body>412 Precondition Failed</body></html>',
    };
  if (fake.refuse === 'http429') return json({ code: -429, message: 'too many requests' }, 429);
  if (fake.refuse === 'code-352')
    return json({ code: -352, message: '-352', ttl: 1, data: { v_voucher: 'voucher_fake' } });
  if (fake.refuse === 'code-412')
    return json({ code: -412, message: '请求被拦截', ttl: 1, data: null });
  if (url.pathname === BASE_INFO) {
    if (url.searchParams.get('req_biz') !== 'web_room_componet')
      return json({ code: -400, message: '请求错误', ttl: 1 });
    const asked = url.searchParams.getAll('room_ids').map(Number);
    const byRoomIds: Record<string, unknown> = {};
    for (const room of fake.rooms.values())
      if (asked.includes(room.roomId) || (room.shortId && asked.includes(room.shortId)))
        byRoomIds[String(room.roomId)] = baseInfo(fake, room);
    return json({ code: 0, message: '0', ttl: 1, data: { by_uids: {}, by_room_ids: byRoomIds } });
  }
  if (url.pathname === BY_UIDS) {
    const uids = url.searchParams.getAll('uids[]').map(Number);
    const data: Record<string, unknown> = {};
    for (const room of fake.rooms.values())
      if (uids.includes(room.uid)) data[String(room.uid)] = statusInfo(fake, room);
    return json({ code: 0, msg: 'success', message: 'success', data: uids.length ? data : [] });
  }
  return json({ code: -404, message: '啥都木有', ttl: 1 }, 404);
}

// A name is served by the fake; an absolute URL is answered as it is (an untrusted host).
const imageUrl = (fake: FakeLiveApi, name: string) =>
  /^[a-z]+:/.test(name) ? name : name ? `${fake.url}/img/${name}` : '';

function baseInfo(fake: FakeLiveApi, room: FakeLiveRoom) {
  return {
    room_id: room.roomId,
    uid: room.uid,
    area_id: 190,
    live_status: room.liveStatus,
    live_url: `https://live.bilibili.com/${room.roomId}`,
    parent_area_id: 5,
    title: room.title,
    parent_area_name: room.parentArea,
    area_name: room.area,
    live_time: '0000-00-00 00:00:00',
    description: '',
    tags: '',
    attention: 1000,
    online: 0,
    short_id: room.shortId ?? 0,
    uname: room.uname,
    cover: imageUrl(fake, room.cover),
    background: '',
    join_slide: 1,
    live_id: 0,
    live_id_str: '0',
  };
}

function statusInfo(fake: FakeLiveApi, room: FakeLiveRoom) {
  return {
    title: room.title,
    room_id: room.roomId,
    uid: room.uid,
    online: 0,
    live_time: 0,
    live_status: room.liveStatus,
    short_id: room.shortId ?? 0,
    area: 6,
    area_name: room.parentArea,
    area_v2_id: 190,
    area_v2_name: room.area,
    area_v2_parent_name: room.parentArea,
    area_v2_parent_id: 5,
    uname: room.uname,
    face: imageUrl(fake, room.face),
    tag_name: '',
    tags: '',
    cover_from_user: imageUrl(fake, room.cover),
    keyframe: '',
    lock_till: '0000-00-00 00:00:00',
    hidden_till: '0000-00-00 00:00:00',
    broadcast_type: 0,
  };
}

/** Adds a room with a generated avatar (`face-<room>.png`) and cover (`cover-<room>.png`). */
export function addFakeRoom(
  fake: FakeLiveApi,
  room: Partial<FakeLiveRoom> & { roomId: number },
  colours: [[number, number, number], [number, number, number]] = [
    [235, 90, 140],
    [60, 120, 230],
  ],
): FakeLiveRoom {
  const full: FakeLiveRoom = {
    uid: room.roomId * 10,
    uname: `Streamer ${room.roomId}`,
    title: `Room ${room.roomId}`,
    area: '单机游戏',
    parentArea: '游戏',
    liveStatus: 1,
    face: `face-${room.roomId}.png`,
    cover: `cover-${room.roomId}.png`,
    ...room,
  };
  fake.rooms.set(full.roomId, full);
  if (full.face && !/^[a-z]+:/.test(full.face) && !fake.images.has(full.face))
    fake.images.set(full.face, {
      bytes: pngImage(64, 64, colours[0], colours[1]),
      type: 'image/png',
    });
  if (full.cover && !/^[a-z]+:/.test(full.cover) && !fake.images.has(full.cover))
    fake.images.set(full.cover, {
      bytes: pngImage(160, 90, colours[1], colours[0]),
      type: 'image/png',
    });
  return full;
}

/** Two colours per room for its generated avatar and cover (the window's picture tests, the screenshot). */
export const ROOM_COLOURS: [[number, number, number], [number, number, number]][] = [
  [
    [251, 114, 153],
    [255, 214, 102],
  ],
  [
    [64, 158, 255],
    [140, 82, 255],
  ],
  [
    [38, 194, 129],
    [20, 120, 200],
  ],
  [
    [255, 140, 60],
    [220, 40, 80],
  ],
];
