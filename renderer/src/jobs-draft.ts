import type { JobRule, JobsSettings, JobTrigger } from '../../shared/job-rules';
import type { SettingsPatch } from '../../shared/settings-patch';
import { argLines, stepDraftOf, stepFromDraft, type StepDraft } from './rule-step-draft';
import { draftNumber } from './draft-number';
import { roomWords } from './room-words';

/** One rule as the form edits it. */
export interface RuleDraft {
  id: string;
  name: string;
  on: JobTrigger;
  rooms: string;
  recorders: string[];
  steps: StepDraft[];
}

/** Settings → Actions as the form edits it. */
export interface JobsDraft {
  enabled: boolean;
  concurrency: string;
  notifyDone: boolean;
  tools: { ffmpeg: string; rclone: string; danmakuFactory: string };
  /** Folders a `move` step may write into, one a line. */
  moveRoots: string;
  rules: RuleDraft[];
}

/** A rule's form values from its settings. */
export function ruleDraftOf(rule: JobRule): RuleDraft {
  return {
    id: rule.id,
    name: rule.name,
    on: rule.on,
    rooms: (rule.rooms ?? []).join(' '),
    recorders: [...(rule.recorders ?? [])],
    steps: rule.steps.map(stepDraftOf),
  };
}

/** The jobs form's values from the settings. */
export function jobsDraftOf(jobs: JobsSettings): JobsDraft {
  return {
    enabled: jobs.enabled,
    concurrency: String(jobs.concurrency),
    notifyDone: jobs.notifyDone,
    tools: {
      ffmpeg: jobs.tools.ffmpeg ?? '',
      rclone: jobs.tools.rclone ?? '',
      danmakuFactory: jobs.tools.danmakuFactory ?? '',
    },
    moveRoots: jobs.moveRoots.join('\n'),
    rules: jobs.rules.map(ruleDraftOf),
  };
}

/** The first free `rule-N` id (ids are letters, digits and `-`; jobs name their rule by it). */
export function nextRuleId(rules: readonly { id: string }[]): string {
  const taken = new Set(rules.map((rule) => rule.id));
  let n = rules.length + 1;
  while (taken.has(`rule-${n}`)) n += 1;
  return `rule-${n}`;
}

/** A rule's settings from its form values; `path` is where its errors go (`jobs.rules[N]`). */
export function ruleFromDraft(
  draft: RuleDraft,
  path: string,
  notANumber: string,
  errors: string[],
): JobRule {
  const rooms = roomWords(draft.rooms);
  if (rooms.bad !== undefined) errors.push(`${path}.rooms[${rooms.bad}]: ${notANumber}`);
  return {
    id: draft.id,
    name: draft.name.trim(),
    on: draft.on,
    ...(rooms.numbers.length > 0 ? { rooms: rooms.numbers } : {}),
    ...(draft.recorders.length > 0 ? { recorders: [...draft.recorders] } : {}),
    steps: draft.steps.map((step, index) =>
      stepFromDraft(step, `${path}.steps[${index}]`, notANumber, errors),
    ),
  };
}

/**
 * The `jobs` patch of the form: the whole object (its rules replace the stored ones), an
 * emptied tool path as `null` so that the stored one goes (a patch merges objects key by key).
 * Text that is not a number is named in `errors` by its path.
 */
export function jobsPatchOf(
  draft: JobsDraft,
  notANumber: string,
  errors: string[],
): NonNullable<SettingsPatch['jobs']> {
  const concurrency = draftNumber(draft.concurrency, 'jobs.concurrency', notANumber, errors);
  const tool = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    enabled: draft.enabled,
    ...(concurrency === undefined ? {} : { concurrency }),
    notifyDone: draft.notifyDone,
    tools: {
      ffmpeg: tool(draft.tools.ffmpeg),
      rclone: tool(draft.tools.rclone),
      danmakuFactory: tool(draft.tools.danmakuFactory),
    },
    moveRoots: argLines(draft.moveRoots).map((line) => line.trim()),
    rules: draft.rules.map((rule, index) =>
      ruleFromDraft(rule, `jobs.rules[${index}]`, notANumber, errors),
    ),
  };
}
