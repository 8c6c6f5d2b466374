import type { Language } from '../settings';

/** Inputs of the notification texts. */
export interface RoomText {
  name: string;
  title: string;
  area: string;
}

const ZH_CN = {
  goLive: (r: RoomText) => ({ title: `${r.name} 开播了`, body: join([r.title, r.area], '\n') }),
  streamEnded: (r: RoomText) => ({ title: `${r.name} 下播了`, body: r.title }),
  sessionStarted: (r: RoomText) => ({ title: `${r.name} 开始录制`, body: r.title }),
  sessionEnded: (r: RoomText) => ({ title: `${r.name} 录制结束`, body: r.title }),
  fileFinished: (r: RoomText, f: { fileName: string; size: string; duration?: string }) => ({
    title: `录制完成：${r.name}`,
    body: join([f.fileName, join([f.size, f.duration], ' · ')], '\n'),
  }),
  liveSummary: (names: string[]) => ({
    title: `${names.length} 个直播间开播了`,
    body: names.join('、'),
  }),
  fileSummary: (names: string[], count: number) => ({
    title: `${count} 个录制文件已完成`,
    body: names.join('、'),
  }),
  recorderUnreachable: (minutes: number) => ({
    title: '无法连接录播姬',
    body: `已超过 ${minutes} 分钟连接不上录播姬的 API。请检查录播姬是否在运行、是否带 --bind 启动、地址是否正确。`,
  }),
  webhooksMissing: (url: string) => ({
    title: 'Webhook 似乎没有送达',
    body: `轮询发现了 Webhook 没有报告的事件。请在录播姬设置的「Webhook V2」中填入：${url}`,
  }),
  /** A room's title or area changed (`title` / `area` set for what changed). */
  roomChanged: (
    r: RoomText,
    c: { title?: { from: string; to: string }; area?: { from: string; to: string } },
  ) => ({
    title:
      c.title && c.area
        ? `${r.name} 更新了标题和分区`
        : c.title
          ? `${r.name} 改了标题`
          : `${r.name} 换了分区`,
    body: join(
      [
        c.title ? `标题：${c.title.to}` : undefined,
        c.area ? `分区：${c.area.from || '无'} → ${c.area.to || '无'}` : undefined,
      ],
      '\n',
    ),
  }),
  /** The live time and what was recorded, under a StreamEnded popup's title. */
  streamEndedFacts: (f: {
    live?: string;
    /** Absent: the recorded part is left to the session report. */
    files?: number;
    size: string;
    coverage?: number;
  }) =>
    join(
      [
        f.live ? `直播了 ${f.live}` : undefined,
        f.files === undefined
          ? undefined
          : f.files > 0
            ? join(
                [
                  `录了 ${f.files} 个文件`,
                  f.size,
                  f.coverage !== undefined ? `覆盖 ${Math.round(f.coverage * 100)}%` : undefined,
                ],
                ' · ',
              )
            : '没有录制文件',
      ],
      '，',
    ),
  /** The digest at the end of quiet hours: how many of each kind were held. */
  quietDigest: (c: { live: number; files: number; problems: number; other: number }) => ({
    title: '免打扰期间',
    body: join(
      [
        c.live ? `${c.live} 个开播` : undefined,
        c.files ? `${c.files} 个文件录完` : undefined,
        c.problems ? `${c.problems} 个问题` : undefined,
        c.other ? `${c.other} 条其他通知` : undefined,
      ],
      '，',
    ),
  }),
  /** Start-up found happenings too old to pop up (the app was not running): one popup for all. */
  missedSummary: (count: number) => ({
    title: `应用未运行时错过了 ${count} 条通知`,
    body: '它们已记入通知记录，点击查看。',
  }),
};

/** The notification texts of one language; keys are the notification kinds. */
export type NotificationStrings = typeof ZH_CN;

/** Texts of notifications in each language; keys are the notification kinds. */
export const NOTIFICATION_TEXT: Record<Language, NotificationStrings> = {
  'zh-CN': ZH_CN,
  en: {
    goLive: (r) => ({ title: `${r.name} is live`, body: join([r.title, r.area], '\n') }),
    streamEnded: (r) => ({ title: `${r.name} went offline`, body: r.title }),
    sessionStarted: (r) => ({ title: `Recording started: ${r.name}`, body: r.title }),
    sessionEnded: (r) => ({ title: `Recording ended: ${r.name}`, body: r.title }),
    fileFinished: (r, f) => ({
      title: `Recording finished: ${r.name}`,
      body: join([f.fileName, join([f.size, f.duration], ' · ')], '\n'),
    }),
    liveSummary: (names) => ({ title: `${names.length} rooms are live`, body: names.join(', ') }),
    fileSummary: (names, count) => ({
      title: `${count} recordings finished`,
      body: names.join(', '),
    }),
    recorderUnreachable: (minutes) => ({
      title: 'Recorder unreachable',
      body: `The recorder's API has not answered for over ${minutes} minutes. Is it running, started with --bind, and is the URL right?`,
    }),
    webhooksMissing: (url) => ({
      title: 'Webhooks do not seem to arrive',
      body: `Polling saw events that no webhook reported. In the recorder's settings, set "Webhook V2" to: ${url}`,
    }),
    roomChanged: (r, c) => ({
      title:
        c.title && c.area
          ? `${r.name} changed title and area`
          : c.title
            ? `${r.name} changed the title`
            : `${r.name} changed the area`,
      body: join(
        [
          c.title ? `Title: ${c.title.to}` : undefined,
          c.area ? `Area: ${c.area.from || 'none'} → ${c.area.to || 'none'}` : undefined,
        ],
        '\n',
      ),
    }),
    streamEndedFacts: (f) =>
      join(
        [
          f.live ? `Live for ${f.live}` : undefined,
          f.files === undefined
            ? undefined
            : f.files > 0
              ? join(
                  [
                    `${f.files} ${f.files === 1 ? 'file' : 'files'} recorded`,
                    f.size,
                    f.coverage !== undefined
                      ? `${Math.round(f.coverage * 100)}% covered`
                      : undefined,
                  ],
                  ' · ',
                )
              : 'nothing recorded',
        ],
        '; ',
      ),
    quietDigest: (c) => ({
      title: 'While you were away',
      body: join(
        [
          c.live ? `${c.live} went live` : undefined,
          c.files ? `${c.files} ${c.files === 1 ? 'file' : 'files'} finished` : undefined,
          c.problems ? `${c.problems} ${c.problems === 1 ? 'problem' : 'problems'}` : undefined,
          c.other ? `${c.other} other` : undefined,
        ],
        ', ',
      ),
    }),
    missedSummary: (count) => ({
      title: `${count} missed while the app was not running`,
      body: 'They are in the notification history: click to see them.',
    }),
  },
};

function join(parts: (string | undefined)[], separator: string): string {
  return parts.filter((p) => p !== undefined && p !== '').join(separator);
}
