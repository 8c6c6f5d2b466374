import type { Language } from '../../settings';
import type { WebhooksPointHere } from '../../recorder/global-config';

/** The Chinese strings: their keys and types are RecordersStrings, which every language fills. */
const ZH_CN = {
  section: '录播姬',
  intro: '本应用可同时照看多个录播姬（例如电脑和 NAS）。每个录播姬有自己的 Webhook 地址。',
  /** The group's accessible name: the recorder's name. */
  cardLabel: (name: string) => `录播姬“${name}”`,
  name: '名称',
  nameHint: '你怎么称呼它，例如 NAS；留空则用它的编号。',
  webhookUrl: '它的 Webhook 地址',
  /** Before a new recorder is saved it has no URL yet. */
  webhookUrlUnsaved: '保存后才有 Webhook 地址。',
  /** The Copy button's name on a recorder's card. */
  copyFor: (name: string) => `复制“${name}”的 Webhook 地址`,
  webhooksLabel: 'Webhook：',
  webhooks: { set: '已设置', 'not set': '未设置', unknown: '未知' } satisfies Record<
    WebhooksPointHere,
    string
  >,
  connect: '连接',
  connecting: '正在连接…',
  connectHint:
    '命令行 / Docker 版：一键把上面的地址加入录播姬的 Webhook V2 列表（原有地址都保留）。',
  more: '轮询、房间与路径映射',
  remove: '移除这个录播姬',
  confirmRemove: (name: string) =>
    `移除“${name}”？本应用将不再照看它；它的录制文件和通知记录会保留。录播姬本身不受影响。`,
  yesRemove: '移除并保存',
  cancel: '取消',
  lastCannotGo: '这是唯一的录播姬，不能移除：本应用至少需要一个录播姬来接收 Webhook。',
  add: '添加录播姬',
  addTitle: '添加一个录播姬',
  addSubmit: '添加并检查',
  addCancel: '取消',
  adding: '正在添加…',
  /** The header's light of one recorder, named. */
  lightName: (name: string) => `录播姬 ${name}`,
};

/** Settings → Recorders: the list of recorders, adding, connecting, renaming and removing one. */
export type RecordersStrings = typeof ZH_CN;

const EN: RecordersStrings = {
  section: 'Recorders',
  intro:
    'This app can watch several recorders at once (a PC and a NAS, say). Each has its own webhook URL.',
  cardLabel: (name) => `Recorder “${name}”`,
  name: 'Name',
  nameHint: 'What you call it, such as NAS; left empty, its id names it.',
  webhookUrl: 'Its webhook URL',
  webhookUrlUnsaved: 'Save to get its webhook URL.',
  copyFor: (name) => `Copy the webhook URL of “${name}”`,
  webhooksLabel: 'Webhooks: ',
  webhooks: { set: 'set', 'not set': 'not set', unknown: 'unknown' },
  connect: 'Connect',
  connecting: 'Connecting…',
  connectHint:
    "Command-line / Docker edition: adds the URL above to the recorder's Webhook V2 list in one click (every URL there is kept).",
  more: 'Polling, rooms and path mappings',
  remove: 'Remove this recorder',
  confirmRemove: (name) =>
    `Remove “${name}”? This app stops watching it; its files and notifications stay in the history. The recorder itself is not touched.`,
  yesRemove: 'Remove and save',
  cancel: 'Cancel',
  lastCannotGo:
    'This is the only recorder, so it cannot be removed: the app needs one to receive webhooks for.',
  add: 'Add a recorder',
  addTitle: 'Add a recorder',
  addSubmit: 'Add and check',
  addCancel: 'Cancel',
  adding: 'Adding…',
  lightName: (name) => `Recorder ${name}`,
};

/** The Recorders settings' strings in each language the app speaks. */
export const RECORDERS_STRINGS: Readonly<Record<Language, RecordersStrings>> = {
  'zh-CN': ZH_CN,
  en: EN,
};
