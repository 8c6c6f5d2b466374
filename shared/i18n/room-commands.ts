import type { PopupButton } from '../popup-button';
import type { Language } from '../settings';

const ZH = {
  started: (room) => `已让录播姬开始录制${room}。`,
  stopped: (room) => `已让录播姬停止录制${room}。`,
  split: (room) => `已让录播姬为${room}分段。`,
  refreshed: (room) => `已让录播姬刷新${room}的信息。`,
  added: (room) => `已在录播姬中添加${room}。`,
  removed: (room) => `已从录播姬中移除${room}。`,
  autoRecordOn: (room) => `已为${room}打开自动录制。`,
  autoRecordOff: (room) => `已为${room}关闭自动录制。`,
  muted: (room) => `${room}的通知已静音 1 小时。`,
  favourited: (room) => `已将${room}设为特别关注。`,
  quieted: (room) => `${room}已设为安静：只记录，不弹出。`,
  tierNormal: (room) => `${room}已恢复为普通。`,
  roomNotFound: (room) => `录播姬里没有${room}（可能已被移除）。`,
  roomIdOutOfRange: () => '房间号不对：请填写大于 0 的房间号或直播间链接。',
  noRecorderUrl: () => '未设置录播姬地址：请先在设置中填写录播姬的 API 地址。',
  tooSoon: (room) => `对${room}的操作太频繁了，请一秒后再试。`,
  notificationGone: () => '找不到这条通知（可能已被清理）。',
  buttonNotOffered: () => '这条通知没有这个按钮。',
  actionFailed: () => '无法完成这个操作。',
} satisfies Record<string, (room: string) => string>;

/** What a room command, an added or removed room, or a notification button did. */
export type RoomOutcome = keyof typeof ZH;

const EN: Record<RoomOutcome, (room: string) => string> = {
  started: (room) => `The recorder was asked to start recording ${room}.`,
  stopped: (room) => `The recorder was asked to stop recording ${room}.`,
  split: (room) => `The recorder was asked to start a new file for ${room}.`,
  refreshed: (room) => `The recorder was asked to refresh ${room}.`,
  added: (room) => `${cap(room)} was added to the recorder.`,
  removed: (room) => `${cap(room)} was removed from the recorder.`,
  autoRecordOn: (room) => `Auto-record is on for ${room}.`,
  autoRecordOff: (room) => `Auto-record is off for ${room}.`,
  muted: (room) => `Notifications of ${room} are muted for an hour.`,
  favourited: (room) => `${room} is now a favourite.`,
  quieted: (room) => `${room} is now quiet: kept in the history, no popups.`,
  tierNormal: (room) => `${room} is back to normal.`,
  roomNotFound: (room) => `The recorder has no ${room} (it may have been removed).`,
  roomIdOutOfRange: () => 'That is not a room number: enter a number above 0 or a live room link.',
  noRecorderUrl: () =>
    "No recorder URL is set: enter the recorder's API address in Settings first.",
  tooSoon: (room) => `Too many commands for ${room}: try again in a second.`,
  notificationGone: () => 'That notification is no longer in the history.',
  buttonNotOffered: () => 'That notification has no such button.',
  actionFailed: () => 'That could not be done.',
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A command for a room that several recorders have (a hot standby), without naming one: refused,
 * naming them, so the user can pick.
 */
export function whichRecorderText(
  roomId: number,
  names: readonly string[],
  language: Language,
): string {
  return language === 'zh-CN'
    ? `房间 ${roomId} 在多个录播姬上（${names.join('、')}）：请指明要操作哪一个。`
    : `Room ${roomId} is on several recorders (${names.join(', ')}): say which one.`;
}

/** A command that names a recorder the settings no longer have. */
export function unknownRecorderText(recorderId: string, language: Language): string {
  return language === 'zh-CN'
    ? `设置中没有录播姬“${recorderId}”（可能已被移除）。`
    : `There is no recorder "${recorderId}" in Settings (it may have been removed).`;
}

/** The plain-words result of a room command or button, naming the room when there is one. */
export function roomOutcomeText(outcome: RoomOutcome, language: Language, roomId?: number): string {
  const zh = language === 'zh-CN';
  const room =
    roomId === undefined
      ? zh
        ? '这个房间'
        : 'this room'
      : zh
        ? `房间 ${roomId} `
        : `room ${roomId}`;
  return (zh ? ZH : EN)[outcome](room).replace(/ (?=[。（，])/g, '');
}

/** The label of each notification button, in each language. */
export const POPUP_BUTTON_LABELS: Readonly<Record<Language, Record<PopupButton, string>>> = {
  'zh-CN': {
    record: '录这场',
    openRoom: '打开直播间',
    mute: '静音 1 小时',
    open: '打开',
    show: '在文件夹中显示',
    openWindow: '打开窗口',
    favourite: '★ 特别关注',
  },
  en: {
    record: 'Record this stream',
    openRoom: 'Open live room',
    mute: 'Mute 1 h',
    open: 'Open',
    show: 'Show in folder',
    openWindow: 'Open window',
    favourite: '★ Favourite',
  },
};
