import type { SuppressionReason } from '../../history';
import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are NotificationsStrings, which every language fills. */
const ZH_CN = {
  unread: (count: number) => `${count} 条未读`,
  unreadOnly: '只看未读',
  searchLabel: '搜索通知',
  searchPlaceholder: '主播、标题或文件名',
  markRead: '标为已读',
  markAllRead: '全部标为已读',
  unreadMark: '未读',
  empty: '还没有通知。',
  noMatch: '没有匹配的通知。',
  listLabel: '通知记录',
  shown: '已弹出',
  suppressed: {
    paused: '未弹出：通知已暂停',
    muted: '未弹出：此房间已静音',
    disabled: '未弹出：此类通知已关闭',
    grouped: '已合并到汇总通知',
    flapping: '未弹出：刚下播又开播',
    baseline: '未弹出：启动时已在直播',
    missed: '未弹出：发生在应用未运行时',
    held: '免打扰时段：已暂存，结束时汇总',
    quietRoom: '未弹出：此房间设为安静',
    filtered: '未弹出：被开播过滤规则拦下',
    phoneCommand: '手机发来的命令：只记在这里',
  } satisfies Record<SuppressionReason, string>,
};

/** The notifications view: the history of notifications, shown or not. */
export type NotificationsStrings = typeof ZH_CN;

/** The notifications view's strings in each language the app speaks. */
export const NOTIFICATIONS_STRINGS: Readonly<Record<Language, NotificationsStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    unread: (count) => `${count} unread`,
    unreadOnly: 'Unread only',
    searchLabel: 'Search notifications',
    searchPlaceholder: 'Streamer, title or file name',
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    unreadMark: 'Unread',
    empty: 'No notifications yet.',
    noMatch: 'No notification matches.',
    listLabel: 'Notification history',
    shown: 'Shown',
    suppressed: {
      paused: 'Not shown: notifications paused',
      muted: 'Not shown: room muted',
      disabled: 'Not shown: this kind is switched off',
      grouped: 'Grouped into a summary',
      flapping: 'Not shown: live again right after ending',
      baseline: 'Not shown: already live at start-up',
      missed: 'Not shown: happened while the app was not running',
      held: 'Quiet hours: held for the digest at their end',
      quietRoom: 'Not shown: a quiet room',
      filtered: 'Not shown: stopped by a go-live filter',
      phoneCommand: 'A command from the phone: kept here only',
    },
  },
};
