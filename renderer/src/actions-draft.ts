import type {
  ActionRule,
  ActionsSettings,
  ActionStep,
  ActionStepKind,
  ActionTrigger,
} from '../../shared/actions';
import type { SettingsPatch } from '../../shared/settings-patch';
import { roomWords } from './room-words';

/**
 * One step as the form edits it: every kind's fields side by side (a step keeps what was typed
 * for it), numbers and arguments as text until saved. Arguments are one a line.
 */
export interface StepDraft {
  kind: ActionStepKind;
  deleteSource: boolean;
  program: string;
  args: string;
  remote: string;
  to: string;
  timeoutSeconds: string;
}

/** One rule as the form edits it. */
export interface RuleDraft {
  id: string;
  name: string;
  on: ActionTrigger;
  rooms: string;
  recorders: string[];
  steps: StepDraft[];
}

/** Settings → Actions as the form edits it. */
export interface ActionsDraft {
  enabled: boolean;
  concurrency: string;
  notifyDone: boolean;
  tools: { ffmpeg: string; rclone: string; danmakuFactory: string };
  /** Folders a `move` step may write into, one a line. */
  moveRoots: string;
  rules: RuleDraft[];
}

/** A new step of a kind, with nothing filled in. */
export function newStepDraft(kind: ActionStepKind): StepDraft {
  return {
    kind,
    deleteSource: false,
    program: '',
    args: kind === 'run' ? '{path}' : '',
    remote: '',
    to: '',
    timeoutSeconds: '',
  };
}

/** A step's form values from its settings. */
export function stepDraftOf(step: ActionStep): StepDraft {
  const draft = newStepDraft(step.kind);
  switch (step.kind) {
    case 'remux':
      return { ...draft, deleteSource: step.deleteSource };
    case 'danmaku':
      return { ...draft, program: step.program ?? '', args: (step.args ?? []).join('\n') };
    case 'upload':
      return { ...draft, remote: step.remote };
    case 'move':
      return { ...draft, to: step.to };
    case 'run':
      return {
        ...draft,
        program: step.program,
        args: step.args.join('\n'),
        timeoutSeconds: step.timeoutSeconds === undefined ? '' : String(step.timeoutSeconds),
      };
  }
}

/** A rule's form values from its settings. */
export function ruleDraftOf(rule: ActionRule): RuleDraft {
  return {
    id: rule.id,
    name: rule.name,
    on: rule.on,
    rooms: (rule.rooms ?? []).join(' '),
    recorders: [...(rule.recorders ?? [])],
    steps: rule.steps.map(stepDraftOf),
  };
}

/** The actions form's values from the settings. */
export function actionsDraftOf(actions: ActionsSettings): ActionsDraft {
  return {
    enabled: actions.enabled,
    concurrency: String(actions.concurrency),
    notifyDone: actions.notifyDone,
    tools: {
      ffmpeg: actions.tools.ffmpeg ?? '',
      rclone: actions.tools.rclone ?? '',
      danmakuFactory: actions.tools.danmakuFactory ?? '',
    },
    moveRoots: actions.moveRoots.join('\n'),
    rules: actions.rules.map(ruleDraftOf),
  };
}

/** The first free `rule-N` id (ids are letters, digits and `-`; jobs name their rule by it). */
export function nextRuleId(rules: readonly { id: string }[]): string {
  const taken = new Set(rules.map((rule) => rule.id));
  let n = rules.length + 1;
  while (taken.has(`rule-${n}`)) n += 1;
  return `rule-${n}`;
}

/** Lines of a text box, each one argument; blank lines are left out. */
export function argLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');
}

/** A number typed in a field; an empty field is `undefined`, anything else not a number an error. */
function optionalNumber(
  path: string,
  text: string,
  notANumber: string,
  errors: string[],
): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text.trim());
  if (Number.isFinite(value)) return value;
  errors.push(`${path}: ${notANumber}`);
  return undefined;
}

/** A step's settings from its form values (the schema judges them when the patch is checked). */
export function stepFromDraft(
  draft: StepDraft,
  path: string,
  notANumber: string,
  errors: string[],
): ActionStep {
  switch (draft.kind) {
    case 'remux':
      return { kind: 'remux', format: 'mp4', deleteSource: draft.deleteSource };
    case 'danmaku': {
      const args = argLines(draft.args);
      return {
        kind: 'danmaku',
        ...(draft.program.trim() === '' ? {} : { program: draft.program.trim() }),
        ...(args.length === 0 ? {} : { args }),
      };
    }
    case 'upload':
      return { kind: 'upload', remote: draft.remote.trim() };
    case 'move':
      return { kind: 'move', to: draft.to.trim() };
    case 'run': {
      const timeout = optionalNumber(
        `${path}.timeoutSeconds`,
        draft.timeoutSeconds,
        notANumber,
        errors,
      );
      return {
        kind: 'run',
        program: draft.program.trim(),
        args: argLines(draft.args),
        ...(timeout === undefined ? {} : { timeoutSeconds: timeout }),
      };
    }
  }
}

/** A rule's settings from its form values; `path` is where its errors go (`actions.rules[N]`). */
export function ruleFromDraft(
  draft: RuleDraft,
  path: string,
  notANumber: string,
  errors: string[],
): ActionRule {
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
 * The `actions` patch of the form: the whole object (its rules replace the stored ones), an
 * emptied tool path as `null` so that the stored one goes (a patch merges objects key by key).
 * Text that is not a number is named in `errors` by its path.
 */
export function actionsPatchOf(
  draft: ActionsDraft,
  notANumber: string,
  errors: string[],
): NonNullable<SettingsPatch['actions']> {
  const concurrency = Number(draft.concurrency.trim());
  if (draft.concurrency.trim() === '' || !Number.isFinite(concurrency))
    errors.push(`actions.concurrency: ${notANumber}`);
  const tool = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    enabled: draft.enabled,
    ...(Number.isFinite(concurrency) && draft.concurrency.trim() !== '' ? { concurrency } : {}),
    notifyDone: draft.notifyDone,
    tools: {
      ffmpeg: tool(draft.tools.ffmpeg),
      rclone: tool(draft.tools.rclone),
      danmakuFactory: tool(draft.tools.danmakuFactory),
    },
    moveRoots: argLines(draft.moveRoots).map((line) => line.trim()),
    rules: draft.rules.map((rule, index) =>
      ruleFromDraft(rule, `actions.rules[${index}]`, notANumber, errors),
    ),
  };
}
