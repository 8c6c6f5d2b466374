import type { Language } from '../settings';

/** Why the app refused or could not do what the window or tray asked, in plain words. */
export const CALL_REFUSALS = {
  recorderGone: {
    'zh-CN': '这个录播姬已从设置中移除。',
    en: 'That recorder was removed from Settings.',
  },
  noRecordingRoot: {
    'zh-CN': '请先在设置中填写录制文件根目录。',
    en: 'Set the recording root in Settings first.',
  },
  outsideRoot: {
    'zh-CN': '这个路径不在录制文件根目录内，已拒绝。',
    en: 'This path is outside the recording root and was refused.',
  },
  notARecording: {
    'zh-CN': '只能打开录制文件（视频、弹幕、封面）。',
    en: 'Only recordings (video, danmaku, covers) can be opened.',
  },
  fileMissing: {
    'zh-CN': '文件不存在（已被移动或删除）。',
    en: 'The file does not exist (moved or deleted).',
  },
  openFailed: { 'zh-CN': '无法打开。', en: 'Could not open it.' },
  noRecorderUrl: { 'zh-CN': '未设置录播姬地址。', en: 'No recorder URL is set.' },
  linkFailed: { 'zh-CN': '无法打开链接。', en: 'Could not open the link.' },
  eventGone: {
    'zh-CN': '找不到这条事件（可能已被清理）。',
    en: 'That event is no longer in the log.',
  },
  eventUnparsable: {
    'zh-CN': '这条事件无法解析，不能重放。',
    en: 'That event does not parse and cannot be replayed.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The key of a refusal. */
export type CallRefusal = keyof typeof CALL_REFUSALS;
