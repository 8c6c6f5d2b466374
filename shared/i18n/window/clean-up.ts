import type { Language } from '../../settings';

/** How a clean-up rule removes a file (shared/clean-up.ts: RemovalHow). */
type RemovalHowName = 'trash' | 'delete' | 'move';

/** The Chinese strings: their keys and types are CleanUpStrings, which every language fills. */
const ZH_CN = {
  section: '清理旧录像',
  intro:
    '按时间和占用空间清理旧的录像文件，最旧的先清理。正在录制的场次、正在处理的文件、录制根目录之外的文件都不会动；每次清理都会记入历史。',
  enabled: '启用清理',
  dryRun: '只预览（不删除任何文件）',
  dryRunHint: '先打开预览确认要清理的文件，再关掉这一项。',
  rules: '规则',
  noRules: '还没有规则。',
  addRule: '添加规则',
  ruleTitle: (index: number) => `规则 ${index}`,
  removeRule: '删除规则',
  recorders: '录播姬',
  recordersHint: '都不勾选即全部录播姬。',
  rooms: '房间',
  roomsHint: '房间号，空格或逗号分隔；留空即全部房间。',
  keepDays: '保留天数',
  keepGiB: '最多占用（GiB）',
  keepHint: '至少填一项；超过任一限制的最旧文件会被清理。',
  then: '清理方式',
  thenNames: {
    trash: '移到回收站',
    delete: '直接删除（无法恢复）',
    move: '移动到文件夹',
  } satisfies Record<RemovalHowName, string>,
  moveTo: '移动到',
  preview: '预览要清理的文件',
  previewHint: '按表单当前的内容（未保存也可以）列出现在会被清理的文件，不会删除任何文件。',
  previewing: '正在查找…',
  previewNone: '现在没有要清理的文件。',
  previewTotal: (files: number, size: string) => `共 ${files} 个文件，${size}`,
  previewRule: (index: number, files: number, size: string) =>
    `规则 ${index}：${files} 个文件，${size}`,
  reasons: { keepDays: '超过保留天数', keepGiB: '超出空间' },
  modified: (when: string) => `修改于 ${when}`,
  keepAwake: '录制时不让电脑睡眠',
  keepAwakeHint:
    '本机的录播姬（本机地址或只用 Webhook）有房间在录制时，阻止系统休眠；都停止后恢复。',
  removed: '最近清理的文件',
  removedNone: '还没有清理过文件。',
  /** "moved to …", "deleted", "to the trash", and when. */
  removedHow: { trash: '已移到回收站', delete: '已删除', move: '已移动' } satisfies Record<
    RemovalHowName,
    string
  >,
  removedFailed: (error: string) => `未能清理，文件仍在：${error}`,
};

/** Settings → Clean-up: old recordings removed by age and size, and keeping the PC awake. */
export type CleanUpStrings = typeof ZH_CN;

/** Strings of Settings → Clean-up in each language. */
export const CLEAN_UP_STRINGS: Readonly<Record<Language, CleanUpStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    section: 'Clean-up',
    intro:
      'Removes old recordings by age and by space, oldest first. Never a file of a session still recording, a file a job works on, or anything outside the recording root; each removal goes to the history.',
    enabled: 'Clean up old recordings',
    dryRun: 'Dry run (remove nothing)',
    dryRunHint: 'Check the preview first, then turn the dry run off.',
    rules: 'Rules',
    noRules: 'No rules yet.',
    addRule: 'Add a rule',
    ruleTitle: (index) => `Rule ${index}`,
    removeRule: 'Remove rule',
    recorders: 'Recorders',
    recordersHint: 'None ticked: every recorder.',
    rooms: 'Rooms',
    roomsHint: 'Room numbers, separated by spaces or commas; empty: every room.',
    keepDays: 'Keep days',
    keepGiB: 'Keep at most (GiB)',
    keepHint: 'Give one or both; the oldest files past either limit go.',
    then: 'Then',
    thenNames: {
      trash: 'Move to the trash',
      delete: 'Delete (cannot be undone)',
      move: 'Move to a folder',
    },
    moveTo: 'Move to',
    preview: 'Preview what would go',
    previewHint:
      'Lists the files a clean-up would remove now, by the form as it is (saved or not). Removes nothing.',
    previewing: 'Looking…',
    previewNone: 'Nothing would go now.',
    previewTotal: (files, size) => `${files} files, ${size}`,
    previewRule: (index, files, size) => `Rule ${index}: ${files} files, ${size}`,
    reasons: { keepDays: 'older than kept', keepGiB: 'over the space' },
    modified: (when) => `modified ${when}`,
    keepAwake: 'Keep the computer awake while recording',
    keepAwakeHint:
      'While a recorder on this machine (a loopback address, or webhooks only) records a room, the system does not sleep; released when nothing records.',
    removed: 'Recently removed',
    removedNone: 'Nothing removed yet.',
    removedHow: { trash: 'to the trash', delete: 'deleted', move: 'moved' },
    removedFailed: (error) => `not removed, the file stays: ${error}`,
  },
};
