import type { Language } from '../../settings';

/** A go-live filter's four lists (shared/go-live-filter.ts: GoLiveFilterList). */
type FilterListName = 'titleAllow' | 'titleBlock' | 'areaAllow' | 'areaBlock';

/** The Chinese strings: their keys and types are GoLiveFilterStrings, which every language fills. */
const ZH_CN = {
  heading: '只提醒关心的直播',
  hint: '开播通知和推送按标题里的词和分区过滤；被过滤的开播会记入历史并写明原因。屏蔽优先于允许；允许列表为空即全部允许。',
  all: '全部房间',
  lists: {
    titleAllow: '标题包含这些词才提醒',
    titleBlock: '标题包含这些词不提醒',
    areaAllow: '只提醒这些分区',
    areaBlock: '不提醒这些分区',
  } satisfies Record<FilterListName, string>,
  listHint: '多个词用逗号分隔。',
  rooms: '单独设置的房间（取代上面的设置）',
  noRooms: '还没有单独设置的房间。',
  roomLabel: (name: string) => `房间：${name}`,
  addRoom: '单独设置',
  addRoomLabel: '房间号',
  removeRoom: '取消单独设置',
  badRoom: '请填写房间号（数字）。',
  roomTaken: '这个房间已经单独设置了。',
};

/** The go-live filters: title words and areas, for all rooms and per room. */
export type GoLiveFilterStrings = typeof ZH_CN;

/** Strings of the go-live filters in each language. */
export const GO_LIVE_FILTER_STRINGS: Readonly<Record<Language, GoLiveFilterStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    heading: 'Only the streams you care about',
    hint: 'Go-live popups and pushes filtered by words in the title and by area; what was filtered goes to the history with its reason. A block list wins over an allow list; an empty allow list lets everything through.',
    all: 'All rooms',
    lists: {
      titleAllow: 'Only titles with these words',
      titleBlock: 'Not titles with these words',
      areaAllow: 'Only these areas',
      areaBlock: 'Not these areas',
    },
    listHint: 'Several words: separate them with commas.',
    rooms: 'Rooms with their own filter (instead of the one above)',
    noRooms: 'No room has its own filter.',
    roomLabel: (name) => `Room: ${name}`,
    addRoom: 'Own filter',
    addRoomLabel: 'Room number',
    removeRoom: 'Remove own filter',
    badRoom: 'Give a room number (digits).',
    roomTaken: 'This room has its own filter already.',
  },
};
