import type { Language } from './settings';

/**
 * A live platform a recorder of another kind records (issue 42): how bililive-go
 * (bililive-go/bililive-go src/live/<name>/: its `domain` and `cnName`) and biliLive-tools
 * (renmu123/biliLive-tools packages/<X>Recorder: its provider `id` and `getChannelURL`) name it,
 * and its own room page: `https://<host><prefix><key><suffix>` on its fixed https host only.
 */
export interface Platform {
  /** This app's id, kept in a room's state (`platform`). */
  id: string;
  name: Readonly<Record<Language, string>>;
  /** The host a room's page is opened on (the only one). */
  host: string;
  /** Other hosts a recorder's room URL may name (read only, never opened). */
  otherHosts: readonly string[];
  /** What the recorders call it: biliLive-tools' provider id, bililive-go's `cnName`. */
  aliases: readonly string[];
  prefix: string;
  suffix: string;
  /** A room key as it stands in the page's path. */
  key: RegExp;
}

const WORD = /^[A-Za-z0-9_]{1,64}$/;
const DIGITS = /^\d{1,15}$/;

/** The platforms whose rooms this app can name and open; bilibili first. */
export const PLATFORMS: readonly Platform[] = [
  platform('bilibili', '哔哩哔哩', 'bilibili', 'live.bilibili.com', ['bilibili', '哔哩哔哩'], {
    key: DIGITS,
  }),
  platform('douyin', '抖音', 'Douyin', 'live.douyin.com', ['DouYin', '抖音']),
  platform('huya', '虎牙', 'Huya', 'www.huya.com', ['HuYa', '虎牙'], {
    otherHosts: ['huya.com', 'm.huya.com'],
  }),
  platform('douyu', '斗鱼', 'Douyu', 'www.douyu.com', ['DouYu', '斗鱼'], {
    otherHosts: ['douyu.com', 'm.douyu.com'],
  }),
  platform('kuaishou', '快手', 'Kuaishou', 'live.kuaishou.com', ['快手'], { prefix: '/u/' }),
  platform('twitch', 'Twitch', 'Twitch', 'www.twitch.tv', ['twitch'], {
    otherHosts: ['twitch.tv'],
  }),
  platform('tiktok', 'TikTok', 'TikTok', 'www.tiktok.com', ['TikTok'], {
    prefix: '/@',
    suffix: '/live',
    key: /^[A-Za-z0-9_.]{1,64}$/,
  }),
  platform('xiaohongshu', '小红书', 'Xiaohongshu', 'www.xiaohongshu.com', ['XHS', '小红书'], {
    prefix: '/user/profile/',
  }),
  platform('acfun', 'AcFun', 'AcFun', 'live.acfun.cn', ['acfun'], {
    prefix: '/live/',
    key: DIGITS,
  }),
  platform('cc', '网易CC', 'NetEase CC', 'cc.163.com', ['CC直播'], { key: DIGITS }),
];

function platform(
  id: string,
  zh: string,
  en: string,
  host: string,
  aliases: readonly string[],
  more: Partial<Pick<Platform, 'otherHosts' | 'prefix' | 'suffix' | 'key'>> = {},
): Platform {
  return {
    id,
    name: { 'zh-CN': zh, en },
    host,
    otherHosts: more.otherHosts ?? [],
    aliases: aliases.map((alias) => alias.toLowerCase()),
    prefix: more.prefix ?? '/',
    suffix: more.suffix ?? '',
    key: more.key ?? WORD,
  };
}

/** Where other platforms' room ids start: far above any bilibili room number. */
export const PLATFORM_ROOM_BASE = 2 ** 50;

/** A room as the app keys it: bilibili's own number, or an id made from (platform, room key). */
export interface PlatformRoom {
  roomId: number;
  /** Absent for bilibili; else the table's id, or the name the recorder sent for one not in it. */
  platform?: string;
  /** The platform's own key of the room (its page's path part, or the recorder's room id). */
  platformRoom?: string;
}

/** The table's platform a recorder names (its id, provider id or Chinese name), if known. */
export function platformNamed(name: string): Platform | undefined {
  const folded = name.trim().toLowerCase();
  return PLATFORMS.find((p) => p.id === folded || p.aliases.includes(folded));
}

/**
 * The room (platform, key) stands for. A bilibili room keeps its number (old data unchanged);
 * any other gets 2^50 + a 32-bit FNV-1a hash of both: stable, positive, a safe integer, so every
 * schema that takes a room number takes it.
 */
export function platformRoom(platformName: string, key: string): PlatformRoom {
  const known = platformNamed(platformName);
  if (known?.id === 'bilibili' && DIGITS.test(key) && Number(key) > 0)
    return { roomId: Number(key) };
  const id = known?.id ?? (platformName.trim().slice(0, 40) || 'unknown');
  const room = key.slice(0, 200);
  return { roomId: PLATFORM_ROOM_BASE + fnv1a(`${id}\n${room}`), platform: id, platformRoom: room };
}

/**
 * The room a recorder's room URL names (bililive-go's `live_url`): its platform by the URL's
 * host, its key from the path; an URL of no known platform (or shape) is keyed as a whole under
 * the platform name the recorder sent, and gets no page.
 */
export function platformRoomOfUrl(url: string, sentPlatform: string): PlatformRoom {
  const parsed = parseUrl(url);
  const known =
    parsed && PLATFORMS.find((p) => [p.host, ...p.otherHosts].includes(parsed.hostname));
  const key = known && parsed ? keyOfPath(known, parsed.pathname.replace(/\/+$/, '')) : undefined;
  if (known && key !== undefined) return platformRoom(known.id, key);
  return platformRoom(sentPlatform || parsed?.hostname || 'unknown', url);
}

/** A room's page on its platform's own https host, or null (unknown platform, odd key). */
export function platformRoomUrl(room: Omit<PlatformRoom, 'roomId'>): string | null {
  const known = room.platform === undefined ? undefined : platformNamed(room.platform);
  if (!known || room.platformRoom === undefined || !known.key.test(room.platformRoom)) return null;
  return `https://${known.host}${known.prefix}${room.platformRoom}${known.suffix}`;
}

/** Whether a URL is exactly a room page this table builds (the shell's last check). */
export function isPlatformRoomUrl(url: string): boolean {
  const parsed = parseUrl(url);
  const known = parsed && PLATFORMS.find((p) => p.host === parsed.hostname);
  if (!known || !parsed) return false;
  const key = keyOfPath(known, parsed.pathname);
  return key !== undefined && platformRoomUrl({ platform: known.id, platformRoom: key }) === url;
}

/** A platform's name in the user's language; one not in the table: as the recorder sent it. */
export function platformName(platformId: string, language: Language): string {
  return platformNamed(platformId)?.name[language] ?? platformId;
}

/** A room's name as shown: "抖音 · 主播名" for another platform's room, the name alone for bilibili. */
export function roomLabel(
  room: { platform?: string | undefined },
  name: string,
  language: Language,
): string {
  return room.platform === undefined ? name : `${platformName(room.platform, language)} · ${name}`;
}

/** A room's platform as a journaled body names it (`Platform`, `PlatformRoom`), as state fields. */
export function platformOfBody(d: {
  Platform?: string | undefined;
  PlatformRoom?: string | undefined;
}): { platform?: string; platformRoom?: string } {
  if (d.Platform === undefined) return {};
  return { platform: d.Platform, platformRoom: d.PlatformRoom ?? '' };
}

function keyOfPath(p: Platform, path: string): string | undefined {
  if (!path.startsWith(p.prefix) || !path.endsWith(p.suffix)) return undefined;
  const key = path.slice(p.prefix.length, path.length - p.suffix.length);
  return p.key.test(key) ? key : undefined;
}

function parseUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// FNV-1a, 32 bits, over UTF-16 code units: a room's id must not change between versions.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
