import { BILIUP_TITLE, biliupAppendStep, biliupUploadStep } from '../../shared/biliup-preset';
import type { JobPreset } from '../../shared/i18n/window/jobs-settings';
import { newStepDraft, stepDraftOf, type StepDraft } from './rule-step-draft';
import { nextRuleId, type RuleDraft } from './jobs-draft';

/** How the biliup preset posts: one video per live session, or each file added to a posted one. */
export type BiliupMode = 'session' | 'append';

/** What the biliup preset asked: how to post, the cookie file, the title template, a BV id. */
export interface BiliupAnswers {
  /** `session`: one `upload` per session, its files the parts; `append`: `append -v` each file. */
  mode: BiliupMode;
  cookieFile: string;
  title: string;
  /** The posted video each file is appended to (`append` only). */
  bvid: string;
}

/**
 * A rule from a preset, named in the window's language: remux each finished FLV to MP4; turn
 * its danmaku XML into ASS; upload it to an rclone remote (the one the user gave); post it to
 * bilibili with biliup (shared/biliup-preset.ts); run a program with the file's path (the
 * program is left for the user to fill in).
 */
export function presetRule(
  preset: JobPreset,
  existing: readonly { id: string }[],
  name: string,
  remote = '',
  biliup?: BiliupAnswers,
): RuleDraft {
  const rule = { id: nextRuleId(existing), name, rooms: '', recorders: [] };
  if (preset === 'biliup') {
    const answers = biliup ?? { mode: 'session', cookieFile: 'cookies.json', title: '', bvid: '' };
    // A session's post waits for the session's end and all its files (`{outputs}`).
    const on = answers.mode === 'session' ? 'SessionEnded' : 'FileClosed';
    return { ...rule, on, steps: [biliupStep(answers)] };
  }
  const steps: StepDraft[] =
    preset === 'upload'
      ? [{ ...newStepDraft('upload'), remote: remote.trim() }]
      : [newStepDraft(preset)];
  return { ...rule, on: 'FileClosed', steps };
}

/** The biliup `run` step: one `upload` of the session's files, or `append -v BV…` of each file. */
function biliupStep(answers: BiliupAnswers): StepDraft {
  const program = 'biliup';
  const cookieFile = answers.cookieFile.trim();
  const step =
    answers.mode === 'session'
      ? biliupUploadStep({
          program,
          cookieFile,
          tid: 171, // biliup's own default area
          tags: [],
          title: answers.title.trim() || BILIUP_TITLE,
        })
      : biliupAppendStep({ program, cookieFile }, answers.bvid.trim());
  return stepDraftOf(step);
}
