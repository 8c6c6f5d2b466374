import type { Language } from '../../settings';

/** The rooms view: one card per room with its live, recording and health state. */
export interface RoomsStrings {
  filterLabel: string;
  filterPlaceholder: string;
  summary: (live: number, recording: number, total: number) => string;
  empty: string;
  noMatch: string;
  listLabel: string;
  roomNumber: (roomId: number, shortId: number) => string;
  live: string;
  offline: string;
  recording: string;
  danmakuOn: string;
  danmakuOff: string;
  session: string;
  fileSize: string;
  network: string;
  mbps: (value: string) => string;
  health: { good: string; behind: (ratio: string) => string; ahead: (ratio: string) => string };
  mute: string;
  unmute: string;
  muted: string;
  openLive: string;
}

/** The rooms view's strings in each language the app speaks. */
export const ROOMS_STRINGS: Readonly<Record<Language, RoomsStrings>> = {
  'zh-CN': {
    filterLabel: '筛选房间',
    filterPlaceholder: '主播、标题或房间号',
    summary: (live, recording, total) =>
      `${live} 个直播中 · ${recording} 个录制中 · 共 ${total} 个房间`,
    empty: '还没有房间。录播姬发来 Webhook 或连接上录播姬后，房间会显示在这里。',
    noMatch: '没有匹配的房间。',
    listLabel: '房间列表',
    roomNumber: (roomId, shortId) =>
      shortId > 0 ? `房间 ${roomId}（短号 ${shortId}）` : `房间 ${roomId}`,
    live: '直播中',
    offline: '未开播',
    recording: '录制中',
    danmakuOn: '弹幕已连接',
    danmakuOff: '弹幕未连接',
    session: '本场',
    fileSize: '当前文件',
    network: '网速',
    mbps: (value) => `${value} Mbps`,
    health: {
      good: '录制正常',
      behind: (ratio) => `录制跟不上直播（速率 ${ratio}），请检查网络`,
      ahead: (ratio) => `时间戳偏快（速率 ${ratio}）`,
    },
    mute: '静音',
    unmute: '取消静音',
    muted: '已静音',
    openLive: '打开直播间',
  },
  en: {
    filterLabel: 'Filter rooms',
    filterPlaceholder: 'Streamer, title or room number',
    summary: (live, recording, total) => `${live} live · ${recording} recording · ${total} rooms`,
    empty:
      'No rooms yet. They show up here once the recorder sends a webhook or the app reaches its API.',
    noMatch: 'No room matches.',
    listLabel: 'Rooms',
    roomNumber: (roomId, shortId) =>
      shortId > 0 ? `Room ${roomId} (short ${shortId})` : `Room ${roomId}`,
    live: 'Live',
    offline: 'Offline',
    recording: 'Recording',
    danmakuOn: 'Danmaku connected',
    danmakuOff: 'Danmaku disconnected',
    session: 'Session',
    fileSize: 'File',
    network: 'Network',
    mbps: (value) => `${value} Mbps`,
    health: {
      good: 'Recording healthy',
      behind: (ratio) => `Falling behind the stream (ratio ${ratio}); check the network`,
      ahead: (ratio) => `Timestamps running fast (ratio ${ratio})`,
    },
    mute: 'Mute',
    unmute: 'Unmute',
    muted: 'Muted',
    openLive: 'Open live room',
  },
};
