import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are RoomsStrings, which every language fills. */
const ZH_CN = {
  filterLabel: '筛选房间',
  filterPlaceholder: '主播、标题或房间号',
  summary: (live: number, recording: number, total: number) =>
    `${live} 个直播中 · ${recording} 个录制中 · 共 ${total} 个房间`,
  empty: '还没有房间。录播姬发来 Webhook 或连接上录播姬后，房间会显示在这里。',
  noMatch: '没有匹配的房间。',
  listLabel: '房间列表',
  roomNumber: (roomId: number, shortId: number) =>
    shortId > 0 ? `房间 ${roomId}（短号 ${shortId}）` : `房间 ${roomId}`,
  /** Read before the recorder's name on a room's row (screen readers only). */
  onRecorder: '录播姬：',
  recordersLabel: '按录播姬筛选',
  allRecorders: '全部录播姬',
  addTo: '添加到录播姬',
  live: '直播中',
  offline: '未开播',
  recording: '录制中',
  danmakuOn: '弹幕已连接',
  danmakuOff: '弹幕未连接',
  session: '本场',
  fileSize: '当前文件',
  network: '网速',
  mbps: (value: string) => `${value} Mbps`,
  health: {
    good: '录制正常',
    behind: (ratio: string) => `录制跟不上直播（速率 ${ratio}），请检查网络`,
    ahead: (ratio: string) => `时间戳偏快（速率 ${ratio}）`,
  },
  mute: '静音',
  unmute: '取消静音',
  muted: '已静音',
  openLive: '打开直播间',
  /** The recorder's commands on a room and the add-room form. */
  controls: {
    label: (name: string) => `${name} 的录制控制`,
    start: '开始录制',
    stop: '停止录制',
    split: '分段',
    refresh: '刷新',
    autoRecord: '自动录制',
    remove: '移除',
    confirmStop: (name: string) => `停止录制 ${name}？正在写的文件会结束。`,
    confirmRemove: (name: string) => `从录播姬中移除 ${name}？录播姬将不再监控这个房间。`,
    yesStop: '停止',
    yesRemove: '移除',
    cancel: '取消',
    addTitle: '添加房间',
    addLabel: '房间号或直播间链接',
    addPlaceholder: '例如 23058 或 https://live.bilibili.com/23058',
    addAutoRecord: '开播时自动录制',
    add: '添加',
    addEmpty: '请填写房间号或直播间链接。',
    addInvalid: '这不是房间号，也不是 https://live.bilibili.com/ 开头的直播间链接。',
    record: '录这场',
  },
};

/** The rooms view: one card per room with its live, recording and health state. */
export type RoomsStrings = typeof ZH_CN;

/** The rooms view's strings in each language the app speaks. */
export const ROOMS_STRINGS: Readonly<Record<Language, RoomsStrings>> = {
  'zh-CN': ZH_CN,
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
    onRecorder: 'on recorder ',
    recordersLabel: 'Filter by recorder',
    allRecorders: 'All recorders',
    addTo: 'Add to recorder',
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
    controls: {
      label: (name) => `Recording controls of ${name}`,
      start: 'Start recording',
      stop: 'Stop recording',
      split: 'New file',
      refresh: 'Refresh',
      autoRecord: 'Auto-record',
      remove: 'Remove',
      confirmStop: (name) => `Stop recording ${name}? The file being written ends here.`,
      confirmRemove: (name) =>
        `Remove ${name} from the recorder? It will no longer watch this room.`,
      yesStop: 'Stop',
      yesRemove: 'Remove',
      cancel: 'Cancel',
      addTitle: 'Add a room',
      addLabel: 'Room number or live room link',
      addPlaceholder: 'e.g. 23058 or https://live.bilibili.com/23058',
      addAutoRecord: 'Record automatically when live',
      add: 'Add',
      addEmpty: 'Enter a room number or a live room link.',
      addInvalid:
        'That is neither a room number nor a link starting with https://live.bilibili.com/.',
      record: 'Record this stream',
    },
  },
};
