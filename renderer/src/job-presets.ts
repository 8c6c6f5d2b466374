import { BILIUP_TITLE, biliupAppendStep, biliupUploadStep } from '../../shared/biliup-preset';
import type { JobPreset } from '../../shared/i18n/window/jobs-settings';
import { newStepDraft, stepDraftOf, type StepDraft } from './rule-step-draft';
import { nextRuleId, type RuleDraft } from './jobs-draft';

/** What the biliup preset asked: the cookie file, the title template, a BV id to append to. */
export interface BiliupAnswers {
  cookieFile: string;
  title: string;
  /** Empty: each file is a new post (`upload`); else each is appended to it (`append -v`). */
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
  const steps: StepDraft[] =
    preset === 'upload'
      ? [{ ...newStepDraft('upload'), remote: remote.trim() }]
      : preset === 'biliup'
        ? [biliupStep(biliup ?? { cookieFile: 'cookies.json', title: '', bvid: '' })]
        : [newStepDraft(preset)];
  return { id: nextRuleId(existing), name, on: 'FileClosed', rooms: '', recorders: [], steps };
}

/** The biliup `run` step: `upload` for a new post, `append -v BV…` to add to one. */
function biliupStep(answers: BiliupAnswers): StepDraft {
  const program = 'biliup';
  const cookieFile = answers.cookieFile.trim();
  const bvid = answers.bvid.trim();
  const step =
    bvid === ''
      ? biliupUploadStep({
          program,
          cookieFile,
          tid: 171, // biliup's own default area
          tags: [],
          title: answers.title.trim() || BILIUP_TITLE,
        })
      : biliupAppendStep({ program, cookieFile }, bvid);
  return stepDraftOf(step);
}
