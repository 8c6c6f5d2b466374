import type { Language } from '../settings';

/** What connecting a recorder in one click came to. */
export type ConnectOutcome =
  'added' | 'already' | 'unreachable' | 'noRecorderUrl' | 'failed' | 'notConfirmed';

/** The facts a connect message names. */
export interface ConnectFacts {
  /** This app's webhook URL for the recorder. */
  webhookUrl: string;
  /** The recorder's base URL. */
  recorderUrl?: string;
  /** failed / notConfirmed: why, in plain words (the connection check's message). */
  reason?: string;
}

type Texts = Record<ConnectOutcome, (facts: ConnectFacts) => string>;

const ZH: Texts = {
  added: (f) => `已连接：录播姬现在会把 Webhook V2 发送到 ${f.webhookUrl}（原有的地址都保留）。`,
  already: (f) => `录播姬已经在向 ${f.webhookUrl} 发送 Webhook V2，无需更改。`,
  unreachable: (f) =>
    `录播姬（${f.recorderUrl ?? ''}）在另一台机器上，无法访问 ${f.webhookUrl}：本应用只在本机监听。` +
    '请在 设置 → 监听 中改为在局域网监听（地址 0.0.0.0，并设置令牌），然后再连接。',
  noRecorderUrl: () =>
    '未设置录播姬地址：桌面版录播姬没有 API，请把 Webhook 地址粘贴到它的 设置 → Webhook → Webhook V2 中。',
  failed: (f) => `未能连接。${f.reason ?? ''}`,
  notConfirmed: (f) =>
    `录播姬接受了修改，但读回设置时未能确认 ${f.webhookUrl} 已在其中。请在录播姬的 设置 → Webhook → Webhook V2 中检查。${f.reason ?? ''}`,
};

const EN: Texts = {
  added: (f) =>
    `Connected: the recorder now sends its V2 webhooks to ${f.webhookUrl} (every URL it had is kept).`,
  already: (f) =>
    `The recorder already sends its V2 webhooks to ${f.webhookUrl}: nothing to change.`,
  unreachable: (f) =>
    `The recorder at ${f.recorderUrl ?? ''} runs on another machine and cannot reach ${f.webhookUrl}: ` +
    'this app listens on this computer only. In Settings → Listener, listen on the LAN (host 0.0.0.0 ' +
    'with a token), then connect again.',
  noRecorderUrl: () =>
    "No recorder URL: the recorder's desktop edition has no API. Paste the webhook URL into its " +
    'settings (设置 → Webhook → Webhook V2).',
  failed: (f) => `Not connected. ${f.reason ?? ''}`,
  notConfirmed: (f) =>
    `The recorder took the change, but reading its settings back did not confirm ${f.webhookUrl}. ` +
    `Check 设置 → Webhook → Webhook V2 in the recorder. ${f.reason ?? ''}`,
};

const V1_NOTE = {
  'zh-CN':
    '这个地址也在录播姬的 Webhook V1 列表里；两个列表同时使用没有坏处（同一个文件只会提醒一次）。',
  en: "This URL is in the recorder's V1 list too; both lists at once do no harm (a file reported by both pops up once).",
} as const satisfies Record<Language, string>;

/** The plain-words answer of `recorder:connect`; `inV1` adds the note about the V1 list. */
export function connectText(
  outcome: ConnectOutcome,
  language: Language,
  facts: ConnectFacts,
  inV1 = false,
): string {
  const text = (language === 'zh-CN' ? ZH : EN)[outcome](facts).trim();
  return inV1 ? `${text}${language === 'zh-CN' ? '' : ' '}${V1_NOTE[language]}` : text;
}
