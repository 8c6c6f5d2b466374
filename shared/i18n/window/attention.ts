import type { RoomTier } from '../../room-tier';
import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are AttentionText, which every language fills. */
const ZH_CN = {
  tierLabel: '关注级别',
  tiers: { favourite: '★ 特别关注', normal: '普通', quiet: '安静（只记录）' } satisfies Record<
    RoomTier,
    string
  >,
  /** The pill of a room in the quiet tier. */
  quietPill: '安静',
  favouriteMark: '特别关注',
  section: '特别关注与免打扰',
  favourites: '特别关注的房间',
  quietRooms: '安静的房间（只记录，不弹出）',
  noRooms: '没有。可在「房间」中每个房间的关注级别里设置。',
  setNormal: '改为普通',
  throughPause: '特别关注的房间在暂停通知时也弹出',
  quietHours: '免打扰时段',
  quietHoursOn: '开启免打扰时段（本机时间）',
  from: '开始',
  to: '结束',
  days: '开始于',
  /** Weekday names, 0 = Sunday. */
  weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  daysHint: '跨午夜的时段算在开始的那一天。结束早于开始即跨午夜；两者相同即全天。',
  letProblems: '录制问题照常弹出',
  letFavourites: '特别关注的房间照常弹出',
  quietNow: (until: string) => `免打扰中，到 ${until} 为止`,
  notQuiet: '现在不在免打扰中',
  quietHour: '免打扰一小时',
  quietMorning: '免打扰到明早 8 点',
  quietOff: '结束免打扰',
  sounds: '提示音',
  soundsOn: '弹窗时播放提示音',
  soundNormal: '普通房间',
  soundFavourite: '特别关注',
  soundChoices: { default: '系统默认', silent: '静音' },
  soundHint: '在 macOS 上还可以填系统提示音的名字（如 Glass、Ping）或声音文件路径。',
  roomChanges: '提醒标题或分区变更的房间',
  roomChangesHint: '房间号，空格分隔；留空即全部房间（需在上方打开「标题或分区变更」）。',
  badRooms: (word: string) => `「${word}」不是房间号：请只填数字，用空格分隔。`,
  /** The digest's row: show the notifications of its span; the toolbar's note while shown. */
  showHeld: '查看这段时间的通知',
  spanNote: (from: string, to: string) => `只显示 ${from} 到 ${to} 的通知`,
  clearSpan: '显示全部',
  /** A push target's switch: wait for the digest in quiet hours, or push at once. */
  followQuietHours: '免打扰时段内暂存，结束时发汇总（关闭：照常立即推送）',
};

/** Texts of tiers, quiet hours and sounds in the window (Settings and the Rooms view). */
export type AttentionText = typeof ZH_CN;

/** The attention texts per language. */
export const ATTENTION_TEXT: Readonly<Record<Language, AttentionText>> = {
  'zh-CN': ZH_CN,
  en: {
    tierLabel: 'Tier',
    tiers: { favourite: '★ Favourite', normal: 'Normal', quiet: 'Quiet (history only)' },
    quietPill: 'Quiet',
    favouriteMark: 'Favourite',
    section: 'Favourites and quiet hours',
    favourites: 'Favourite rooms',
    quietRooms: 'Quiet rooms (kept in the history, no popups)',
    noRooms: 'None. Set a room’s tier in its row of the Rooms view.',
    setNormal: 'Make normal',
    throughPause: 'Favourites pop up while notifications are paused',
    quietHours: 'Quiet hours',
    quietHoursOn: 'Quiet hours on (this computer’s time)',
    from: 'From',
    to: 'To',
    days: 'Starting on',
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    daysHint:
      'A window across midnight belongs to the day it starts. An end before the start crosses midnight; the same time is the whole day.',
    letProblems: 'Recording problems still pop up',
    letFavourites: 'Favourites still pop up',
    quietNow: (until) => `Quiet until ${until}`,
    notQuiet: 'Not quiet now',
    quietHour: 'Quiet for 1 h',
    quietMorning: 'Quiet until 8:00',
    quietOff: 'End quiet time',
    sounds: 'Sounds',
    soundsOn: 'Popups make a sound',
    soundNormal: 'Normal rooms',
    soundFavourite: 'Favourites',
    soundChoices: { default: 'System default', silent: 'Silent' },
    soundHint: 'On macOS, a system sound’s name (Glass, Ping, …) or a sound file’s path works too.',
    roomChanges: 'Rooms whose title or area changes are told',
    roomChangesHint:
      'Room numbers, separated by spaces; empty: every room (switch on "Title or area changed" above).',
    badRooms: (word) => `"${word}" is not a room number: digits only, separated by spaces.`,
    showHeld: 'Show what came meanwhile',
    spanNote: (from, to) => `Only notifications from ${from} to ${to}`,
    clearSpan: 'Show all',
    followQuietHours: 'Follow quiet hours: hold, then send the digest (off: push at once)',
  },
};
