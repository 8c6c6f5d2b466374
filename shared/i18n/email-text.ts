import type { Language } from '../settings';

/** The Chinese strings: their keys and types are EmailStrings, which every language fills. */
const ZH_CN = {
  streamer: '主播',
  roomTitle: '标题',
  area: '分区',
  room: '直播间',
  file: '文件',
  size: '大小',
  duration: '时长',
  openRoom: '打开直播间',
  avatarAlt: '主播头像',
  coverAlt: '直播间封面',
  footer: '由 Recorder Tray 发送（录播姬托盘伴侣）',
};

/** The labels of a push email, in each language. */
export type EmailStrings = typeof ZH_CN;

/** Labels of the push email (main/features/push/core/email-content.ts). */
export const EMAIL_STRINGS: Record<Language, EmailStrings> = {
  'zh-CN': ZH_CN,
  en: {
    streamer: 'Streamer',
    roomTitle: 'Title',
    area: 'Area',
    room: 'Live room',
    file: 'File',
    size: 'Size',
    duration: 'Length',
    openRoom: 'Open the live room',
    avatarAlt: 'The streamer’s avatar',
    coverAlt: 'The room’s cover',
    footer: 'Sent by Recorder Tray (a tray companion for BililiveRecorder)',
  },
};
