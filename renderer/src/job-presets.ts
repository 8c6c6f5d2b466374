import type { JobPreset } from '../../shared/i18n/window/jobs-settings';
import { newStepDraft, type StepDraft } from './rule-step-draft';
import { nextRuleId, type RuleDraft } from './jobs-draft';

/**
 * A rule from a preset, named in the window's language: remux each finished FLV to MP4; turn
 * its danmaku XML into ASS; upload it to an rclone remote (the one the user gave); run a program
 * with the file's path (the program is left for the user to fill in).
 */
export function presetRule(
  preset: JobPreset,
  existing: readonly { id: string }[],
  name: string,
  remote = '',
): RuleDraft {
  const steps: StepDraft[] =
    preset === 'upload'
      ? [{ ...newStepDraft('upload'), remote: remote.trim() }]
      : [newStepDraft(preset)];
  return { id: nextRuleId(existing), name, on: 'FileClosed', rooms: '', recorders: [], steps };
}
