import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { STEP_KINDS, type StepKind } from '../../../shared/job-rules';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { newStepDraft, type StepDraft } from '../rule-step-draft';
import { FieldNotes } from '../components/fields';
import { unclaimedErrors } from '../field-errors';
import { RuleStepCard } from './rule-step-card';

/** The fields of a step its card shows errors for. */
const STEP_FIELDS = ['deleteSource', 'program', 'args', 'remote', 'to', 'timeoutSeconds'];

/**
 * A rule's steps in order: a card per step (moved up and down, removed), a step added by kind,
 * and the rule's errors no field shows ("add at least one step", a duplicate id) listed below.
 */
export function RuleStepsField({
  id,
  path,
  steps,
  errors,
  strings: a,
  onSteps,
}: {
  /** The rule's element id prefix, `rule-0`. */
  id: string;
  /** The rule's error path, `jobs.rules[0]`. */
  path: string;
  steps: StepDraft[];
  errors: readonly string[];
  strings: JobsSettingsStrings;
  onSteps: (steps: StepDraft[]) => void;
}) {
  const [adding, setAdding] = useState<StepKind>('remux');
  const mine = errors.filter((e) => e.startsWith(`${path}.`) || e.startsWith(`${path}: `));
  const ruleErrors = unclaimedErrors(mine, [
    ...steps.flatMap((_, i) => STEP_FIELDS.map((f) => `${path}.steps[${i}].${f}`)),
    `${path}.name`,
    `${path}.rooms`,
    `${path}.recorders`,
  ]).map((error) => error.slice(error.indexOf(': ') + 2));
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{a.steps}</legend>
      {steps.length === 0 ? <p class="field-hint">{a.noSteps}</p> : null}
      <ol class="items steps">
        {steps.map((step, i) => (
          <RuleStepCard
            key={`${i}:${step.kind}`}
            id={`${id}-step-${i}`}
            path={`${path}.steps[${i}]`}
            index={i}
            count={steps.length}
            step={step}
            errors={errors}
            strings={a}
            onChange={(changes) =>
              onSteps(steps.map((s, j) => (j === i ? { ...s, ...changes } : s)))
            }
            onMove={(by) => {
              const next = [...steps];
              const [moved] = next.splice(i, 1);
              if (moved) next.splice(i + by, 0, moved);
              onSteps(next);
            }}
            onRemove={() => onSteps(steps.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <div class="input-with-button">
        <label class="sr-only" for={`${id}-add-kind`}>
          {a.addStep}
        </label>
        <select
          id={`${id}-add-kind`}
          class="input"
          value={adding}
          onChange={(event) => setAdding(event.currentTarget.value as StepKind)}
        >
          {STEP_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {a.stepKinds[kind]}
            </option>
          ))}
        </select>
        <Button onClick={() => onSteps([...steps, newStepDraft(adding)])}>{a.addStep}</Button>
      </div>
      <FieldNotes id={`${id}-steps`} errors={ruleErrors} />
    </fieldset>
  );
}
