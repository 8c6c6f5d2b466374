import type { MuteChoice } from '../../room-mute-choice';
import type { Language } from '../../settings';

/** Why a room needs attention. */
export type AttentionKind = 'problem' | 'notRecording' | 'behind' | 'chatDown' | 'stale';

/** The Chinese strings: their keys and types are ListsStrings, which every language fills. */
const ZH_CN = {
  attention: {
    notRecording: '在直播但没有录制（已开自动录制）',
    behind: '录制跟不上直播',
    chatDown: '弹幕连接断开',
    stale: '数据已过时',
  } satisfies Record<Exclude<AttentionKind, 'problem'>, string>,
  attentionCount: (count: number) => `${count} 个需要注意`,
  filters: {
    all: '全部',
    live: '直播中',
    recording: '录制中',
    attention: '需要注意',
    muted: '不通知',
  },
  filtersLabel: '按状态筛选',
  showing: (shown: number, total: number) => `显示 ${shown} / ${total}`,
  sortLabel: '排序',
  sorts: { status: '按状态', name: '按主播', number: '按房间号' },
  updatedAt: (time: string, source: string) => `更新于 ${time}（${source}）`,
  sourceWebhook: 'Webhook',
  sourceApi: 'API',
  chatDown: '弹幕断开',
  dontNotify: '不通知',
  /** How long "don't notify" lasts, as offered after it is pressed. */
  muteFor: { hour: '1 小时', today: '今天', always: '一直' } satisfies Record<MuteChoice, string>,
  notifyAgain: '恢复通知',
  rowHint: '回车打开直播间，M 切换是否通知',
  timeRange: (from: string, to: string) => `${from} – ${to}`,
  receivedAt: (time: string) => `收到于 ${time}`,
  parts: (count: number) => `本场 ${count} 个分段`,
  roomSearch: '按主播筛选',
  missingFiles: '有的文件找不到。',
  lookedIn: (root: string) => `在这里找过：${root}`,
  checkRoot: '检查录制文件根目录',
  today: '今天',
  yesterday: '昨天',
  week: '最近 7 天',
  rangeLabel: '按录制时间筛选',
  andMore: (names: string, more: number) => `${names}… 等 ${more} 个`,
  filesLink: (count: number) => `${count} 个文件 →`,
  moreNotShown: (count: number) => `另有 ${count} 条未弹出`,
  openLive: '打开直播间',
  openFile: '打开文件',
  showFile: '在文件夹中显示',
  pauseLabel: '暂停通知',
  eventTypes: {
    SessionStarted: '开始录制',
    SessionEnded: '录制结束',
    FileOpening: '新文件',
    FileClosed: '文件写完',
    StreamStarted: '开播',
    StreamEnded: '下播',
  } as Record<string, string>,
};

/** The new parts of the rooms, files and notifications lists. */
export type ListsStrings = typeof ZH_CN;
/** Room filters. */
export type RoomFilter = keyof ListsStrings['filters'];
/** Room orders. */
export type RoomSort = keyof ListsStrings['sorts'];

/** These strings in each language the app speaks. */
export const LISTS_STRINGS: Readonly<Record<Language, ListsStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    attention: {
      notRecording: 'Live but not recording (auto-record is on)',
      behind: 'Recording falls behind',
      chatDown: 'Danmaku disconnected',
      stale: 'Data out of date',
    },
    attentionCount: (count) => `${count} need attention`,
    filters: {
      all: 'All',
      live: 'Live',
      recording: 'Recording',
      attention: 'Attention',
      muted: 'Not notified',
    },
    filtersLabel: 'Filter by state',
    showing: (shown, total) => `showing ${shown} / ${total}`,
    sortLabel: 'Sort',
    sorts: { status: 'By state', name: 'By streamer', number: 'By room number' },
    updatedAt: (time, source) => `updated ${time} (${source})`,
    sourceWebhook: 'webhook',
    sourceApi: 'API',
    chatDown: 'Danmaku down',
    dontNotify: "Don't notify",
    muteFor: { hour: '1 hour', today: 'Today', always: 'Always' },
    notifyAgain: 'Notify again',
    rowHint: 'Enter opens the live room, M switches notifications',
    timeRange: (from, to) => `${from} – ${to}`,
    receivedAt: (time) => `received ${time}`,
    parts: (count) => `${count} parts of this session`,
    roomSearch: 'Filter by streamer',
    missingFiles: 'Some files were not found.',
    lookedIn: (root) => `Looked in: ${root}`,
    checkRoot: 'Check the recording folder',
    today: 'Today',
    yesterday: 'Yesterday',
    week: 'Last 7 days',
    rangeLabel: 'Filter by recording time',
    andMore: (names, more) => `${names}… and ${more} more`,
    filesLink: (count) => `${count} files →`,
    moreNotShown: (count) => `${count} more not shown`,
    openLive: 'Open live room',
    openFile: 'Open file',
    showFile: 'Show in folder',
    pauseLabel: 'Pause notifications',
    eventTypes: {
      SessionStarted: 'Recording started',
      SessionEnded: 'Recording ended',
      FileOpening: 'New file',
      FileClosed: 'File finished',
      StreamStarted: 'Went live',
      StreamEnded: 'Stream ended',
    },
  },
};
