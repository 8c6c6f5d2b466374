import type { EventLogEntry } from '../../model';
import type { NotificationEvent } from '../../model';
import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are EventsStrings, which every language fills. */
const ZH_CN = {
  testTitle: '测试',
  testHint: '测试事件以录播姬的格式通过 HTTP 发到本应用的 Webhook 地址，走完整个处理流程。',
  sendTest: {
    StreamStarted: '发送测试开播事件',
    FileClosed: '发送测试录制完成事件',
  } satisfies Record<'StreamStarted' | 'FileClosed', string>,
  sent: '已发送',
  total: (count: number) => `共 ${count} 条事件`,
  empty: '还没有收到事件。',
  listLabel: '收到的事件',
  source: {
    webhook: '来自 Webhook',
    poll: '来自轮询',
    test: '测试',
    replay: '重放',
  } satisfies Record<EventLogEntry['source'], string>,
  duplicate: '重复',
  room: (roomId: number) => `房间 ${roomId}`,
  replay: '重放',
  replayed: '已重放',
  body: '原始内容',
};

/** The events view: the received events, test events and replay. */
export type EventsStrings = typeof ZH_CN;

/** The events view's strings in each language the app speaks. */
export const EVENTS_STRINGS: Readonly<Record<Language, EventsStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    testTitle: 'Testing',
    testHint:
      "A test event is posted over HTTP to this app's webhook URL in the recorder's format and goes through the whole pipeline.",
    sendTest: {
      StreamStarted: 'Send a test go-live event',
      FileClosed: 'Send a test file-finished event',
    },
    sent: 'Sent',
    total: (count) => `${count} events`,
    empty: 'No events received yet.',
    listLabel: 'Received events',
    source: { webhook: 'From webhook', poll: 'From polling', test: 'Test', replay: 'Replayed' },
    duplicate: 'Duplicate',
    room: (roomId) => `Room ${roomId}`,
    replay: 'Replay',
    replayed: 'Replayed',
    body: 'Raw body',
  },
};

/** The names of the events a notification can be about, in each language the app speaks. */
export const EVENT_NAMES: Readonly<Record<Language, Record<NotificationEvent, string>>> = {
  'zh-CN': {
    StreamStarted: '开播',
    FileClosed: '录制文件完成',
    SessionStarted: '开始录制',
    SessionEnded: '录制结束',
    StreamEnded: '下播',
    RecordingProblem: '录制出现问题',
    ProblemResolved: '录制问题已消失',
    SessionReport: '录制场次小结',
    RoomChanged: '标题或分区变更',
    QuietHoursDigest: '免打扰汇总',
    JobDone: '录制后处理完成',
    JobFailed: '录制后处理失败',
    PhoneCommand: '手机命令',
  },
  en: {
    StreamStarted: 'Goes live',
    FileClosed: 'Recording file finished',
    SessionStarted: 'Recording starts',
    SessionEnded: 'Recording ends',
    StreamEnded: 'Stream ends',
    RecordingProblem: 'Recording problem',
    ProblemResolved: 'Recording problem over',
    SessionReport: 'Session summary',
    RoomChanged: 'Title or area changed',
    QuietHoursDigest: 'Quiet hours digest',
    JobDone: 'Job done',
    JobFailed: 'Job failed',
    PhoneCommand: 'Command from the phone',
  },
};
