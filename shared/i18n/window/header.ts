import type { RecorderStatusKind } from '../../app-state';
import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are HeaderStrings, which every language fills. */
const ZH_CN = {
  recorder: {
    ok: '已连接录播姬',
    off: '仅接收 Webhook',
    connecting: '正在连接录播姬…',
    unreachable: '连不上录播姬',
    unauthorized: '录播姬需要密码',
    'open-access-guard': '录播姬拒绝访问（412）',
    'not-a-recorder': '地址不是录播姬',
    'server-error': '录播姬内部出错',
    'bad-data': '录播姬数据无法识别',
  } satisfies Record<RecorderStatusKind | 'connecting', string>,
  listenerDown: (error: string) => `Webhook 无法监听：${error}`,
  paused: (until: string) => `通知已暂停至 ${until}`,
  pausedForever: '通知已暂停',
  resume: '恢复',
  unread: (count: number) => `${count} 条未读`,
};

/** The header: recorder and listener status, the notification pause, the unread count. */
export type HeaderStrings = typeof ZH_CN;

/** The header's strings in each language the app speaks. */
export const HEADER_STRINGS: Readonly<Record<Language, HeaderStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    recorder: {
      ok: 'Recorder connected',
      off: 'Webhooks only',
      connecting: 'Connecting to the recorder…',
      unreachable: 'Recorder unreachable',
      unauthorized: 'Recorder needs a password',
      'open-access-guard': 'Recorder refused access (412)',
      'not-a-recorder': 'Not a recorder address',
      'server-error': 'Recorder server error',
      'bad-data': 'Recorder data unreadable',
    },
    listenerDown: (error) => `Cannot listen for webhooks: ${error}`,
    paused: (until) => `Notifications paused until ${until}`,
    pausedForever: 'Notifications paused',
    resume: 'Resume',
    unread: (count) => `${count} unread`,
  },
};
