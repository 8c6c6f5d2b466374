import type { Language } from '../../settings';
import type { JobPlaceholder } from '../../job-placeholders';
import type { StepKindName } from './jobs';

/** The presets Settings → Actions offers as a first rule. */
export type JobPreset = 'remux' | 'danmaku' | 'upload' | 'run';

/** Settings → Actions: rules that act on finished recordings, their tools and a trial run. */
export interface JobsSettingsStrings {
  section: string;
  intro: string;
  enabled: string;
  concurrency: string;
  concurrencyHint: string;
  notifyDone: string;
  tools: string;
  toolsHint: string;
  moveRoots: string;
  moveRootsHint: string;
  toolNames: { ffmpeg: string; ffprobe: string; rclone: string; danmakuFactory: string };
  checkTools: string;
  checking: string;
  found: (version: string) => string;
  notFound: string;
  rules: string;
  noRules: string;
  presets: string;
  presetNames: Record<JobPreset, string>;
  /** Rule names the presets give (the user may rename them). */
  presetRuleNames: Record<JobPreset, string>;
  remotePrompt: string;
  remoteHint: string;
  addPreset: string;
  cancel: string;
  emptyRule: string;
  ruleName: string;
  on: string;
  onFileClosed: string;
  onSessionEnded: string;
  rooms: string;
  roomsHint: string;
  recorders: string;
  recordersHint: string;
  steps: string;
  noSteps: string;
  addStep: string;
  stepKinds: Record<StepKindName, string>;
  stepTitle: (index: number, kind: string) => string;
  moveUp: string;
  moveDown: string;
  removeStep: string;
  removeRule: string;
  format: string;
  deleteSource: string;
  program: string;
  programHint: string;
  danmakuProgramHint: string;
  args: string;
  argsHint: string;
  remote: string;
  moveTo: string;
  moveToHint: string;
  timeoutSeconds: string;
  timeoutHint: string;
  badRooms: (word: string) => string;
  placeholders: string;
  placeholdersHint: string;
  placeholderMeanings: Record<JobPlaceholder, string>;
  tryOnLastFile: string;
  tryHint: string;
  trying: string;
  tried: string;
  showJobs: string;
}

/** Strings of Settings → Actions in each language. */
export const JOBS_SETTINGS_STRINGS: Readonly<Record<Language, JobsSettingsStrings>> = {
  'zh-CN': {
    section: '录制后处理',
    intro:
      '文件录完或一场直播结束后，按规则自动处理：转封装为 MP4、弹幕转 ASS、用 rclone 上传、运行自己的程序。规则只来自这里的设置；程序不经过 shell 运行，每个占位符都是一个独立参数。',
    enabled: '启用录制后处理',
    concurrency: '同时进行的任务数',
    concurrencyHint: '1 表示一个接一个处理。',
    notifyDone: '任务完成时也弹出通知（失败总会通知）',
    tools: '工具',
    toolsHint: '留空则在 PATH 中查找。',
    moveRoots: '「移动」步骤可以写入的文件夹（每行一个）',
    moveRootsHint: '除了各录播姬的录制根目录之外，「移动」只能写进这里列出的文件夹。',
    toolNames: {
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      rclone: 'rclone',
      danmakuFactory: 'DanmakuFactory',
    },
    checkTools: '检查工具',
    checking: '正在检查…',
    found: (version) => `已找到：${version}`,
    notFound: '未找到',
    rules: '规则',
    noRules: '还没有规则。从下面的预设开始，或添加空白规则。',
    presets: '从预设添加',
    presetNames: {
      remux: '转封装为 MP4',
      danmaku: '弹幕转 ASS',
      upload: '用 rclone 上传',
      run: '运行程序',
    },
    presetRuleNames: {
      remux: '转封装为 MP4',
      danmaku: '弹幕转 ASS',
      upload: '上传到网盘',
      run: '运行我的程序',
    },
    remotePrompt: 'rclone 远程位置',
    remoteHint: '例如 mydrive:录播/{streamer}/{date}（先用 rclone config 配置好远程）。',
    addPreset: '添加规则',
    cancel: '取消',
    emptyRule: '空白规则',
    ruleName: '规则名称',
    on: '何时运行',
    onFileClosed: '每个文件录完时',
    onSessionEnded: '整场直播结束时（处理这场的全部文件）',
    rooms: '只处理这些房间',
    roomsHint: '房间号，空格或逗号分隔；留空即全部房间。',
    recorders: '只处理这些录播姬',
    recordersHint: '都不勾选即全部录播姬。',
    steps: '步骤（按顺序，上一步的结果 {output} 交给下一步）',
    noSteps: '还没有步骤。',
    addStep: '添加步骤',
    stepKinds: {
      remux: '转封装（ffmpeg，不重新编码）',
      danmaku: '弹幕 XML 转 ASS（DanmakuFactory）',
      upload: '上传（rclone copy）',
      move: '移动到文件夹',
      run: '运行程序',
    },
    stepTitle: (index, kind) => `第 ${index} 步：${kind}`,
    moveUp: '上移',
    moveDown: '下移',
    removeStep: '删除步骤',
    removeRule: '删除规则',
    format: '格式',
    deleteSource: '成功后删除原 FLV 文件',
    program: '程序',
    programHint: '程序的完整路径，或 PATH 中的名称。',
    danmakuProgramHint: '留空则使用上面「工具」里的 DanmakuFactory。',
    args: '参数（每行一个）',
    argsHint: '每行是一个参数，可用占位符；不经过 shell，引号和 $() 都只是文字。',
    remote: '远程位置',
    moveTo: '目标文件夹',
    moveToHint:
      '可用占位符，例如 D:\\归档\\{streamer}\\{date}；只能是录制根目录或你指定的文件夹之内。',
    timeoutSeconds: '超时（秒）',
    timeoutHint: '留空不限时；超时会结束整个进程树。',
    badRooms: (word) => `「${word}」不是房间号：请只填数字。`,
    placeholders: '占位符',
    placeholdersHint: '可用在参数、远程位置和目标文件夹中：',
    placeholderMeanings: {
      path: '本机上的文件路径',
      dir: '文件所在的文件夹',
      name: '文件名（含扩展名）',
      stem: '文件名（不含扩展名）',
      roomId: '房间号',
      streamer: '主播名',
      title: '直播标题',
      area: '分区',
      recorder: '录播姬的 ID（设置中的 id）',
      sessionId: '录制场次 ID',
      date: '文件结束的日期（YYYY-MM-DD）',
      time: '文件结束的时间（HH-mm-ss）',
      output: '上一步的结果文件',
    },
    tryOnLastFile: '用最近的文件试运行',
    tryHint: '把这条规则用在最近录完的一个文件上，结果在「任务」里查看。',
    trying: '正在加入任务…',
    tried: '已加入任务。',
    showJobs: '查看任务',
  },
  en: {
    section: 'Actions',
    intro:
      'When a file is finished or a stream ends, act on it by rules: remux to MP4, danmaku to ASS, upload with rclone, run a program of your own. Rules come only from these settings; programs run without a shell, each placeholder one argument.',
    enabled: 'Act on finished recordings',
    concurrency: 'Jobs at a time',
    concurrencyHint: '1: one after another.',
    notifyDone: 'Pop up when a job is done too (a failed job always pops up)',
    tools: 'Tools',
    toolsHint: 'Empty: found on PATH.',
    moveRoots: 'Folders a move step may write into (one a line)',
    moveRootsHint: 'Besides each recorder’s recording root, a move step writes only into these.',
    toolNames: {
      ffmpeg: 'ffmpeg',
      ffprobe: 'ffprobe',
      rclone: 'rclone',
      danmakuFactory: 'DanmakuFactory',
    },
    checkTools: 'Check tools',
    checking: 'Checking…',
    found: (version) => `Found: ${version}`,
    notFound: 'Not found',
    rules: 'Rules',
    noRules: 'No rules yet. Start from a preset below, or add an empty rule.',
    presets: 'Add from a preset',
    presetNames: {
      remux: 'Remux to MP4',
      danmaku: 'Danmaku to ASS',
      upload: 'Upload with rclone',
      run: 'Run a program',
    },
    presetRuleNames: {
      remux: 'Remux to MP4',
      danmaku: 'Danmaku to ASS',
      upload: 'Upload',
      run: 'Run my program',
    },
    remotePrompt: 'rclone remote',
    remoteHint: 'e.g. mydrive:recordings/{streamer}/{date} (set the remote up with rclone config).',
    addPreset: 'Add rule',
    cancel: 'Cancel',
    emptyRule: 'Empty rule',
    ruleName: 'Rule name',
    on: 'Runs',
    onFileClosed: 'When each file is finished',
    onSessionEnded: 'When a whole stream ends (with all its files)',
    rooms: 'Only these rooms',
    roomsHint: 'Room numbers, separated by spaces or commas; empty: every room.',
    recorders: 'Only these recorders',
    recordersHint: 'None ticked: every recorder.',
    steps: 'Steps (in order; each step’s result, {output}, goes to the next)',
    noSteps: 'No steps yet.',
    addStep: 'Add a step',
    stepKinds: {
      remux: 'Remux (ffmpeg, no re-encoding)',
      danmaku: 'Danmaku XML to ASS (DanmakuFactory)',
      upload: 'Upload (rclone copy)',
      move: 'Move to a folder',
      run: 'Run a program',
    },
    stepTitle: (index, kind) => `Step ${index}: ${kind}`,
    moveUp: 'Up',
    moveDown: 'Down',
    removeStep: 'Remove step',
    removeRule: 'Remove rule',
    format: 'Format',
    deleteSource: 'Delete the FLV when it worked',
    program: 'Program',
    programHint: 'The program’s full path, or a name found on PATH.',
    danmakuProgramHint: 'Empty: the DanmakuFactory under Tools.',
    args: 'Arguments (one a line)',
    argsHint:
      'Each line is one argument and may hold placeholders; no shell: quotes and $() are just text.',
    remote: 'Remote',
    moveTo: 'Folder',
    moveToHint:
      'May hold placeholders, e.g. /archive/{streamer}/{date}; only inside the recording root or a folder you named.',
    timeoutSeconds: 'Timeout (seconds)',
    timeoutHint: 'Empty: no limit; a timeout ends the whole process tree.',
    badRooms: (word) => `"${word}" is not a room number: digits only.`,
    placeholders: 'Placeholders',
    placeholdersHint: 'In arguments, remotes and folders:',
    placeholderMeanings: {
      path: 'the file on this machine',
      dir: 'the file’s folder',
      name: 'the file name (with extension)',
      stem: 'the file name without extension',
      roomId: 'the room number',
      streamer: 'the streamer’s name',
      title: 'the stream title',
      area: 'the area (category)',
      recorder: 'the recorder’s id (as in the settings)',
      sessionId: 'the recording session id',
      date: 'the file’s end date (YYYY-MM-DD)',
      time: 'the file’s end time (HH-mm-ss)',
      output: 'the previous step’s result',
    },
    tryOnLastFile: 'Try on the last file',
    tryHint: 'Runs this rule on the newest finished file; see the result under Jobs.',
    trying: 'Adding the job…',
    tried: 'Added as a job.',
    showJobs: 'Show jobs',
  },
};
