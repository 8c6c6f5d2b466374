import {
  BaseRoomInfo,
  RoomBaseInfoAnswer,
  UidStatusAnswer,
  UidStatusInfo,
} from '../../../../shared/bilibili/live-room-info';
import { jsonOrUndefined } from '../../../../shared/parse';
import type { ApiAnswer } from '../core/refusal-back-off';

/** What the app keeps of one room from bilibili's live API. */
export interface LiveRoomInfo {
  /** The room number the app asked for (a short number is mapped back to it). */
  roomId: number;
  uid?: number;
  uname?: string;
  title?: string;
  area?: string;
  /** The URLs as bilibili gave them; checked before any download. */
  face?: string;
  cover?: string;
}

/** The rooms that came back, and what went wrong when something did. */
export interface LiveApiResult {
  rooms: LiveRoomInfo[];
  /** Set when a request failed or was refused: the answer, and a line for the log. */
  problem?: { answer: ApiAnswer; detail: string };
}

/** Options of the client. */
export interface LiveApiOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Aborts the requests (the app stops). */
  signal?: AbortSignal;
}

// bilibili's WAF answers clients without a browser's User-Agent with 412 more readily.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 RecorderTray';

/**
 * Fetches rooms in one batch: `getRoomBaseInfo` (title, cover, streamer's name and uid) for the
 * rooms, then `get_status_info_by_uids` for their avatars, which the first answer does not carry.
 */
export async function fetchLiveRooms(
  host: string,
  roomIds: readonly number[],
  options: LiveApiOptions = {},
): Promise<LiveApiResult> {
  const base = new URL('/xlive/web-room/v1/index/getRoomBaseInfo', host);
  base.searchParams.set('req_biz', 'web_room_componet');
  for (const id of roomIds) base.searchParams.append('room_ids', String(id));
  const first = await getJson(base.href, options);
  if ('problem' in first) return { rooms: [], problem: first.problem };
  const parsed = RoomBaseInfoAnswer.safeParse(first.json);
  if (!parsed.success) return { rooms: [], problem: badAnswer(first.status, 'getRoomBaseInfo') };
  if (parsed.data.code !== 0)
    return { rooms: [], problem: refusedByCode(first.status, parsed.data, 'getRoomBaseInfo') };
  const rooms = roomsOf(parsed.data.data?.by_room_ids ?? {}, roomIds);
  const faces = await fetchFaces(host, rooms, options);
  for (const room of rooms) {
    const face = room.uid === undefined ? undefined : faces.byUid.get(room.uid);
    if (face) room.face = face;
  }
  return faces.problem ? { rooms, problem: faces.problem } : { rooms };
}

async function fetchFaces(
  host: string,
  rooms: readonly LiveRoomInfo[],
  options: LiveApiOptions,
): Promise<{ byUid: Map<number, string>; problem?: LiveApiResult['problem'] }> {
  const byUid = new Map<number, string>();
  const uids = [...new Set(rooms.flatMap((room) => (room.uid ? [room.uid] : [])))];
  if (uids.length === 0) return { byUid };
  const url = new URL('/room/v1/Room/get_status_info_by_uids', host);
  for (const uid of uids) url.searchParams.append('uids[]', String(uid));
  const answer = await getJson(url.href, options);
  if ('problem' in answer) return { byUid, problem: answer.problem };
  const parsed = UidStatusAnswer.safeParse(answer.json);
  if (!parsed.success)
    return { byUid, problem: badAnswer(answer.status, 'get_status_info_by_uids') };
  if (parsed.data.code !== 0)
    return { byUid, problem: refusedByCode(answer.status, parsed.data, 'get_status_info_by_uids') };
  const data = parsed.data.data;
  for (const value of data && !Array.isArray(data) ? Object.values(data) : []) {
    const info = UidStatusInfo.safeParse(value);
    if (info.success && info.data.face) byUid.set(info.data.uid, info.data.face);
  }
  return { byUid };
}

/** The rooms of `by_room_ids`, each mapped to the number asked for (long or short). */
function roomsOf(byRoomIds: Record<string, unknown>, asked: readonly number[]): LiveRoomInfo[] {
  const wanted = new Set(asked);
  const out: LiveRoomInfo[] = [];
  for (const value of Object.values(byRoomIds)) {
    const parsed = BaseRoomInfo.safeParse(value);
    if (!parsed.success) continue;
    const info = parsed.data;
    const roomId = wanted.has(info.room_id) ? info.room_id : info.short_id;
    if (roomId === undefined || !wanted.has(roomId)) continue;
    const area = [info.parent_area_name, info.area_name].filter(Boolean).join(' · ');
    out.push({
      roomId,
      ...(info.uid ? { uid: info.uid } : {}),
      ...(info.uname ? { uname: info.uname } : {}),
      ...(info.title ? { title: info.title } : {}),
      ...(area ? { area } : {}),
      ...(info.cover ? { cover: info.cover } : {}),
      // Not documented in this answer; taken if a mirror adds it.
      ...(typeof info.face === 'string' && info.face ? { face: info.face } : {}),
    });
  }
  return out;
}

async function getJson(
  url: string,
  options: LiveApiOptions,
): Promise<{ status: number; json: unknown } | { problem: NonNullable<LiveApiResult['problem']> }> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
      redirect: 'error',
      headers: { Accept: 'application/json', 'User-Agent': USER_AGENT },
    });
    const json = jsonOrUndefined(await response.text());
    if (!response.ok) {
      const code = (json as { code?: unknown } | undefined)?.code;
      return {
        problem: {
          answer: { status: response.status, ...(typeof code === 'number' ? { code } : {}) },
          detail: `HTTP ${response.status} from ${new URL(url).pathname}`,
        },
      };
    }
    return { status: response.status, json };
  } catch (error) {
    const why = timeout.aborted ? 'timed out' : String(error);
    return { problem: { answer: {}, detail: `${new URL(url).host}: ${why}` } };
  }
}

function badAnswer(status: number, what: string): NonNullable<LiveApiResult['problem']> {
  return { answer: { status }, detail: `${what}: not the documented answer` };
}

function refusedByCode(
  status: number,
  answer: { code: number; message?: string | undefined },
  what: string,
): NonNullable<LiveApiResult['problem']> {
  return {
    answer: { status, code: answer.code },
    detail: `${what}: code ${answer.code}${answer.message ? ` (${answer.message})` : ''}`,
  };
}
