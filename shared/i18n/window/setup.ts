import type { Language } from '../../settings';

/** The first-run card, the connection lights, set-up banners and the settings' new parts. */
export interface SetupStrings {
  cardTitle: string;
  step1: string;
  step2: string;
  step2Where: string;
  step3: string;
  waiting: string;
  received: (when: string) => string;
  editionTitle: string;
  editionDesktop: string;
  editionDesktopHint: string;
  editionCli: string;
  editionCliHint: string;
  apiSave: string;
  done: string;
  lightsLabel: string;
  webhooks: string;
  webhooksNever: string;
  webhooksAt: (ago: string) => string;
  api: string;
  apiNotSetUp: string;
  apiOff: string;
  apiFailing: (what: string) => string;
  files: string;
  filesOk: string;
  filesNoRoot: string;
  filesNone: string;
  filesMissing: string;
  ago: { now: string; minutes: (n: number) => string; hours: (n: number) => string };
  noticeFix: string;
  /** Banner while writing the data folder fails (AppState.storage.trouble); the detail follows. */
  storageTrouble: string;
  lockedHint: string;
  generateToken: string;
  webhooksOnly: string;
  webhooksOnlyHint: string;
  advanced: string;
  advancedHint: string;
  connectionSection: string;
  diagnostics: string;
  eventLog: string;
  replayConfirm: string;
  replayYes: string;
  replayNo: string;
}

/** These strings in each language the app speaks. */
export const SETUP_STRINGS: Readonly<Record<Language, SetupStrings>> = {
  'zh-CN': {
    cardTitle: '三步连上录播姬',
    step1: '复制这个 Webhook 地址',
    step2: '粘贴到录播姬',
    step2Where: '在录播姬中打开「设置」→「Webhook」→「Webhook V2」，粘贴后保存。',
    step3: '等录播姬发来第一条 Webhook',
    waiting: '正在等待第一条 Webhook…（开播、开始录制或文件写完时录播姬会发送）',
    received: (when) => `已收到 Webhook（${when}），连接成功`,
    editionTitle: '可选：你用的是哪个版本的录播姬？',
    editionDesktop: '桌面版',
    editionDesktopHint: '桌面版没有 API，只用 Webhook 就够了。',
    editionCli: '命令行版或 Docker 版',
    editionCliHint: '用 --bind 启动后有 API，可以显示直播状态和录制速度。',
    apiSave: '保存 API 地址',
    done: '完成',
    lightsLabel: '连接状态',
    webhooks: 'Webhook',
    webhooksNever: '还没收到',
    webhooksAt: (ago) => `最近一条：${ago}`,
    api: '录播姬 API',
    apiNotSetUp: '未设置（从未连上）',
    apiOff: '未使用（仅 Webhook）',
    apiFailing: (what) => `出错：${what}`,
    files: '录制文件',
    filesOk: '最新的文件能找到',
    filesNoRoot: '未设置录制文件根目录',
    filesNone: '还没有录制完成的文件',
    filesMissing: '最新的文件找不到，请检查根目录',
    ago: {
      now: '刚刚',
      minutes: (n) => `${n} 分钟前`,
      hours: (n) => `${n} 小时前`,
    },
    noticeFix: '去设置',
    storageTrouble: '数据文件夹写不进去（磁盘满了？）。正在自动重试，腾出空间后会自己恢复。',
    lockedHint: '由启动参数设定，这里不能修改。',
    generateToken: '生成令牌',
    webhooksOnly: '只用 Webhook（不连接录播姬 API）',
    webhooksOnlyHint: '录播姬桌面版没有 API，选这一项。',
    advanced: '高级',
    advancedHint: '监听地址、端口和令牌；一般不用改。（每个录播姬的轮询和路径映射在“录播姬”里。）',
    connectionSection: '连接',
    diagnostics: '诊断',
    eventLog: 'Webhook 记录',
    replayConfirm: '重放会再次处理这条事件，可能再弹出一次通知。确定重放？',
    replayYes: '确定重放',
    replayNo: '取消',
  },
  en: {
    cardTitle: 'Connect the recorder in three steps',
    step1: 'Copy this webhook URL',
    step2: 'Paste it into the recorder',
    step2Where: 'In the recorder, open 设置 (Settings) → Webhook → Webhook V2, paste it and save.',
    step3: 'Wait for the first webhook',
    waiting:
      'Waiting for the first webhook… (sent when a stream starts, recording starts or a file is done)',
    received: (when) => `Webhook received (${when}): connected`,
    editionTitle: 'Optional: which edition of the recorder do you use?',
    editionDesktop: 'Desktop edition',
    editionDesktopHint: 'The desktop edition has no API; webhooks are all it needs.',
    editionCli: 'Command-line or Docker edition',
    editionCliHint: 'Started with --bind it has an API: live state and recording speed.',
    apiSave: 'Save API address',
    done: 'Done',
    lightsLabel: 'Connection',
    webhooks: 'Webhooks',
    webhooksNever: 'none received yet',
    webhooksAt: (ago) => `last one ${ago}`,
    api: 'Recorder API',
    apiNotSetUp: 'not set up (never reached)',
    apiOff: 'not used (webhooks only)',
    apiFailing: (what) => `failing: ${what}`,
    files: 'Recordings',
    filesOk: 'newest file found',
    filesNoRoot: 'no recording folder set',
    filesNone: 'no finished files yet',
    filesMissing: 'newest file not found; check the folder',
    ago: {
      now: 'just now',
      minutes: (n) => `${n} min ago`,
      hours: (n) => `${n} h ago`,
    },
    noticeFix: 'Open settings',
    storageTrouble:
      'Cannot write the data folder (disk full?). Retrying by itself; it recovers once there is space.',
    lockedHint: 'Set by a launch option; cannot be changed here.',
    generateToken: 'Generate token',
    webhooksOnly: 'Webhooks only (no recorder API)',
    webhooksOnlyHint: 'The desktop edition of the recorder has no API: choose this.',
    advanced: 'Advanced',
    advancedHint:
      "Listener address, port and token; rarely needed. (Each recorder's polling and path mappings are under Recorders.)",
    connectionSection: 'Connection',
    diagnostics: 'Diagnostics',
    eventLog: 'Webhook log',
    replayConfirm:
      'A replay handles this event again and may pop up its notification again. Replay?',
    replayYes: 'Replay',
    replayNo: 'Cancel',
  },
};
