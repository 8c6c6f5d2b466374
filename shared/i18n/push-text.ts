import type { NotificationEvent } from '../model';
import type { Language } from '../settings';

/** A title and body template with {name} {title} {area} {roomId} {url} {file} {size} {duration} {problem}, and for jobs {rule} {error} {output}. */
export interface PushTemplate {
  title: string;
  body: string;
}

/**
 * The default push templates per kind, in each language (a target may set its own); a kind
 * without one is pushed with its popup's text.
 */
export const PUSH_TEMPLATES: Record<
  Language,
  Partial<Record<Exclude<NotificationEvent, 'QuietHoursDigest'>, PushTemplate>> & {
    problem: PushTemplate;
    test: PushTemplate;
  }
> = {
  'zh-CN': {
    StreamStarted: { title: '{name} 开播了', body: '{title}\n{area}' },
    StreamEnded: { title: '{name} 下播了', body: '{title}' },
    SessionStarted: { title: '{name} 开始录制', body: '{title}' },
    SessionEnded: { title: '{name} 录制结束', body: '{title}' },
    FileClosed: { title: '录制完成：{name}', body: '{file}\n{size} · {duration}' },
    problem: { title: '{name} 录制出现问题', body: '{problem}' },
    JobDone: { title: '处理完成：{rule}', body: '{name} · {file}\n{output}' },
    JobFailed: { title: '处理失败：{rule}', body: '{name} · {file}\n{error}' },
    test: { title: 'Recorder Tray 测试推送', body: '能看到这条消息，说明推送设置正确。' },
  },
  en: {
    StreamStarted: { title: '{name} is live', body: '{title}\n{area}' },
    StreamEnded: { title: '{name} went offline', body: '{title}' },
    SessionStarted: { title: 'Recording started: {name}', body: '{title}' },
    SessionEnded: { title: 'Recording ended: {name}', body: '{title}' },
    FileClosed: { title: 'Recording finished: {name}', body: '{file}\n{size} · {duration}' },
    problem: { title: 'Recording trouble: {name}', body: '{problem}' },
    JobDone: { title: 'Done: {rule}', body: '{name} · {file}\n{output}' },
    JobFailed: { title: 'Failed: {rule}', body: '{name} · {file}\n{error}' },
    test: {
      title: 'Recorder Tray test push',
      body: 'If you can read this, the push target works.',
    },
  },
};

/** How a push names what it links to: the streamer's avatar, the room's cover, the live room. */
export const PUSH_LINK_LABELS: Record<Language, { face: string; cover: string; room: string }> = {
  'zh-CN': { face: '主播头像', cover: '直播间封面', room: '打开直播间' },
  en: { face: 'Avatar', cover: 'Cover', room: 'Open the live room' },
};
