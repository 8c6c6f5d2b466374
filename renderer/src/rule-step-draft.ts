import { draftNumber } from './draft-number';
import type { RuleStep, StepKind } from '../../shared/job-rules';

/**
 * One step as the form edits it: every kind's fields side by side (a step keeps what was typed
 * for it), numbers and arguments as text until saved. Arguments are one a line.
 */
export interface StepDraft {
  kind: StepKind;
  deleteSource: boolean;
  program: string;
  args: string;
  remote: string;
  to: string;
  timeoutSeconds: string;
}

/** A new step of a kind, with nothing filled in. */
export function newStepDraft(kind: StepKind): StepDraft {
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
export function stepDraftOf(step: RuleStep): StepDraft {
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

/** Lines of a text box, each one argument; blank lines are left out. */
export function argLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');
}

/** A step's settings from its form values (the schema judges them when the patch is checked). */
export function stepFromDraft(
  draft: StepDraft,
  path: string,
  notANumber: string,
  errors: string[],
): RuleStep {
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
      const at = `${path}.timeoutSeconds`;
      const timeout = draftNumber(draft.timeoutSeconds, at, notANumber, errors, true);
      return {
        kind: 'run',
        program: draft.program.trim(),
        args: argLines(draft.args),
        ...(timeout === undefined ? {} : { timeoutSeconds: timeout }),
      };
    }
  }
}
