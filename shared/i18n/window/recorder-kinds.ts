import type { RecorderKind } from '../../recorder-kind';
import type { Language } from '../../settings';

const ZH = {
  kind: '录播程序',
  kindHint: '这个条目是哪种录播程序；本应用按它的格式读取事件。',
  /** The program's name in the kind select. */
  names: {
    'bililive-recorder': '录播姬 (BililiveRecorder)',
    blrec: 'blrec',
    ddtv: 'DDTV5',
    'bililive-tools': 'biliLive-tools',
    'bililive-go': 'bililive-go',
  } satisfies Record<RecorderKind, string>,
  /** Where, in that program, the webhook URL is pasted (its own menu words). */
  pasteWhere: {
    'bililive-recorder':
      '把这个地址粘贴到这个录播姬的 设置 → Webhook → Webhook V2 中，或点“连接”。',
    blrec:
      '在 blrec 的 设置 → Webhook → Webhook 列表 中点“添加”，把这个地址粘贴为 URL（事件全部勾选）。',
    ddtv: '把这个地址填入 DDTV 配置的 WebHookAddress，并把 WebHookSwitch 设为 true，然后重启 DDTV。',
    'bililive-tools': '把这个地址粘贴到 biliLive-tools 的 设置 → 基本 → 事件订阅 中。',
    'bililive-go':
      'bililive-go 不发送 Webhook：在上面填写它的地址（例如 http://127.0.0.1:8080），本应用读取它的事件流（/api/sse）。',
  } satisfies Record<RecorderKind, string>,
  /** blrec's API key field (kept where the password is: the recorder's `password`). */
  apiKey: 'blrec 的 API 密钥',
  apiKeyHint:
    'blrec 启动时用 --api-key 设置的密钥；本应用读取它的 WebSocket、开始或停止录制时以 x-api-key 发送。blrec 没有设置密钥时留空。连续三次错误的密钥会让 blrec 封禁这个地址。',
};

/** Settings → Recorders: each kind's name and its own words for where its webhook URL goes. */
export type RecorderKindStrings = typeof ZH;

const EN: RecorderKindStrings = {
  kind: 'Recorder program',
  kindHint: 'Which recorder this entry is; the app reads its events in that format.',
  names: {
    'bililive-recorder': 'BililiveRecorder (录播姬)',
    blrec: 'blrec',
    ddtv: 'DDTV5',
    'bililive-tools': 'biliLive-tools',
    'bililive-go': 'bililive-go',
  },
  pasteWhere: {
    'bililive-recorder':
      "Paste this URL into this recorder's 设置 (Settings) → Webhook → Webhook V2, or press Connect.",
    blrec:
      "In blrec's 设置 (Settings) → Webhook → Webhook 列表 (list), press 添加 (Add) and paste this URL, every event ticked.",
    ddtv: "Put this URL in DDTV's configuration as WebHookAddress, set WebHookSwitch to true, and restart DDTV.",
    'bililive-tools':
      "Paste this URL into biliLive-tools' 设置 (Settings) → 基本 (Basic) → 事件订阅 (event subscription).",
    'bililive-go':
      'bililive-go sends no webhooks: put its address above (such as http://127.0.0.1:8080) and the app reads its event stream (/api/sse).',
  },
  apiKey: "blrec's API key",
  apiKeyHint:
    'The key blrec was started with (--api-key); sent as x-api-key when the app reads its WebSocket and starts or stops recording. Empty when blrec runs without one. Three wrong keys in a row get this address blocked by blrec.',
};

/** The kind strings in each language the app speaks. */
export const RECORDER_KIND_STRINGS: Readonly<Record<Language, RecorderKindStrings>> = {
  'zh-CN': ZH,
  en: EN,
};
