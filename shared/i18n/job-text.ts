import type { Language } from '../settings';

/** Why a jobs call was refused, in plain words. */
export const JOB_REFUSALS = {
  jobNotFound: { 'zh-CN': '找不到这个任务。', en: 'That job does not exist.' },
  notRetryable: {
    'zh-CN': '只能重试失败或已取消的任务。',
    en: 'Only a failed or cancelled job can be retried.',
  },
  notCancellable: {
    'zh-CN': '只能取消排队中或运行中的任务。',
    en: 'Only a queued or running job can be cancelled.',
  },
  ruleNotFound: { 'zh-CN': '找不到这条规则。', en: 'That rule does not exist.' },
  noFinishedFile: {
    'zh-CN': '还没有位于录制文件根目录内的已完成文件。',
    en: 'No finished file under a recording root yet.',
  },
  engineNotReady: {
    'zh-CN': '录制后处理尚未启动。',
    en: 'Acting on recordings has not started yet.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The key of a jobs refusal. */
export type JobRefusal = keyof typeof JOB_REFUSALS;

/** A job's popup, in each language: `{rule}` the rule's name, `{name}` the streamer. */
export const JOB_POPUP_TEXT = {
  'zh-CN': {
    failedTitle: '处理失败：{rule}',
    doneTitle: '处理完成：{rule}',
    step: '第 {n} 步（{kind}）',
  },
  en: {
    failedTitle: 'Failed: {rule}',
    doneTitle: 'Done: {rule}',
    step: 'step {n} ({kind})',
  },
} as const satisfies Record<Language, Record<string, string>>;
