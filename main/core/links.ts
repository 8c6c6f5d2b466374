import type { LinkTarget } from '../../shared/app-state';
import { assertNever } from '../../shared/parse';
import {
  isPlatformRoomUrl,
  PLATFORM_ROOM_BASE,
  platformRoomUrl,
  type PlatformRoom,
} from '../../shared/platforms';

/** The only shape of live-room URL the app opens: https, the exact host, digits, nothing after. */
export const LIVE_ROOM_URL_PATTERN = /^https:\/\/live\.bilibili\.com\/\d+$/;

/**
 * Whether a URL is a live room page, exactly: bilibili's, or another platform's as
 * shared/platforms.ts builds it on that platform's own https host.
 */
export function isLiveRoomUrl(url: string): boolean {
  return LIVE_ROOM_URL_PATTERN.test(url) || isPlatformRoomUrl(url);
}

/**
 * The live room page of a bilibili room id (long or short id both work on bilibili); null for
 * another platform's room (its id is no bilibili number: roomPageUrl builds its page).
 */
export function liveRoomUrl(roomId: number): string | null {
  return Number.isSafeInteger(roomId) && roomId > 0 && roomId < PLATFORM_ROOM_BASE
    ? `https://live.bilibili.com/${roomId}`
    : null;
}

/**
 * A room's page: bilibili's by its number, another platform's from its platform and key on the
 * platform's fixed host (never a URL an event carried); null when it has none.
 */
export function roomPageUrl(room: PlatformRoom): string | null {
  return room.platform === undefined ? liveRoomUrl(room.roomId) : platformRoomUrl(room);
}

/** The page of a room known only by its number (a window link, a popup's button): from its state. */
export function roomPageUrlIn(rooms: readonly PlatformRoom[], roomId: number): string | null {
  return roomPageUrl(rooms.find((room) => room.roomId === roomId) ?? { roomId });
}

/** The recorder's own pages: its web UI and its API browser. */
export type RecorderPage = 'ui' | 'swagger';

/**
 * A page under the configured recorder base URL, or null when the base is not a plain http(s)
 * URL (credentials, query and fragment are refused: they would travel to the browser).
 */
export function recorderPageUrl(baseUrl: string, page: RecorderPage): string | null {
  let base: URL;
  try {
    base = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  if (base.username !== '' || base.password !== '' || base.search !== '' || base.hash !== '')
    return null;
  // A reverse proxy may serve the recorder under a prefix: keep it, without its trailing slashes.
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}/${page}/`;
}

/** Whether a URL is one of the recorder's own pages under the configured base URL. */
export function isRecorderPageUrl(url: string, baseUrl: string): boolean {
  return url === recorderPageUrl(baseUrl, 'ui') || url === recorderPageUrl(baseUrl, 'swagger');
}

/** The URL a window link stands for, or null when it has none (no recorder configured, bad id). */
export function linkTargetUrl(target: LinkTarget, recorderBaseUrl: string): string | null {
  switch (target.kind) {
    case 'liveRoom':
      return liveRoomUrl(target.roomId);
    case 'recorderUi':
      return recorderPageUrl(recorderBaseUrl, 'ui');
    case 'recorderApi':
      return recorderPageUrl(recorderBaseUrl, 'swagger');
    default:
      return assertNever(target);
  }
}
