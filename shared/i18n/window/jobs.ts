import type { JobStatus } from '../../jobs';
import type { StepKind } from '../../job-rules';
import type { Language } from '../../settings';

/** The Chinese strings: their keys and types are JobsStrings, which every language fills. */
const ZH_CN = {
  listLabel: '任务',
  /** The Jobs tab's count, read aloud. */
  busy: (count: number) => `${count} 个任务进行中或排队`,
  /** The empty state: what a job is, and the way to make the first rule. */
  empty:
    '还没有任务。在「设置 → 录制后处理」中添加规则后，每个录完的文件或每场直播都会按规则处理（转封装为 MP4、弹幕转 ASS、用 rclone 上传、运行自己的程序），任务和进度显示在这里。',
  emptyLink: '去设置录制后处理',
  status: {
    queued: '排队中',
    running: '进行中',
    done: '已完成',
    failed: '失败',
    cancelled: '已取消',
  } satisfies Record<JobStatus, string>,
  stepKinds: {
    remux: '转封装',
    danmaku: '弹幕转 ASS',
    upload: '上传',
    move: '移动',
    run: '运行程序',
  } satisfies Record<StepKind, string>,
  filters: { all: '全部', active: '进行中和排队', failed: '失败' },
  /** "step 2 of 3: upload". */
  stepOf: (step: number, steps: number, kind: string) => `第 ${step}/${steps} 步：${kind}`,
  progress: (percent: number) => `${percent}%`,
  /** Before the tool's last output lines. */
  toolSaid: '程序的输出（最后几行）',
  tries: (tries: number) => `已尝试 ${tries} 次`,
  /** A job whose rule was deleted since. */
  ruleGone: '（规则已删除）',
  retry: '重试',
  cancel: '取消',
  openOutput: '打开结果',
  showInFolder: '在文件夹中显示',
  /** Times of a job: queued, started, finished. */
  queuedAt: (when: string) => `加入于 ${when}`,
  finishedAt: (when: string) => `结束于 ${when}`,
  loadFailed: (reason: string) => `无法读取任务：${reason}`,
};

/** The Jobs view: what the jobs did and are doing with finished recordings. */
export type JobsStrings = typeof ZH_CN;

/** The Jobs view's strings in each language the app speaks. */
export const JOBS_STRINGS: Readonly<Record<Language, JobsStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    listLabel: 'Jobs',
    busy: (count) => `${count} running or queued`,
    empty:
      'No jobs yet. Add a rule in Settings → Actions, and each finished file or stream is handled by it (remux to MP4, danmaku to ASS, upload with rclone, run a program of your own); the jobs and their progress show here.',
    emptyLink: 'Set up actions',
    status: {
      queued: 'Queued',
      running: 'Running',
      done: 'Done',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    stepKinds: {
      remux: 'Remux',
      danmaku: 'Danmaku to ASS',
      upload: 'Upload',
      move: 'Move',
      run: 'Run a program',
    },
    filters: { all: 'All', active: 'Running and queued', failed: 'Failed' },
    stepOf: (step, steps, kind) => `Step ${step} of ${steps}: ${kind}`,
    progress: (percent) => `${percent}%`,
    toolSaid: 'What the tool said (last lines)',
    tries: (tries) => (tries === 1 ? 'tried once' : `tried ${tries} times`),
    ruleGone: '(rule deleted)',
    retry: 'Retry',
    cancel: 'Cancel',
    openOutput: 'Open result',
    showInFolder: 'Show in folder',
    queuedAt: (when) => `queued ${when}`,
    finishedAt: (when) => `ended ${when}`,
    loadFailed: (reason) => `Could not read the jobs: ${reason}`,
  },
};
