import { Button } from '../components/button';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import type { StepDraft } from '../rule-step-draft';
import { CheckField, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';

/** A step's up, down and remove. */
function StepButtons({
  index,
  count,
  strings: a,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  strings: JobsSettingsStrings;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div class="button-row">
      <Button small disabled={index === 0} onClick={() => onMove(-1)}>
        {a.moveUp}
      </Button>
      <Button small disabled={index === count - 1} onClick={() => onMove(1)}>
        {a.moveDown}
      </Button>
      <Button small onClick={onRemove}>
        {a.removeStep}
      </Button>
    </div>
  );
}

/**
 * One step of a rule: the fields of its kind (remux: delete the FLV after; danmaku: program and
 * extra arguments; upload: the remote; move: the folder; run: program, arguments one a line,
 * timeout), with the schema's errors by each field, and up / down / remove.
 */
export function RuleStepCard({
  id,
  path,
  index,
  count,
  step,
  errors,
  strings: a,
  onChange,
  onMove,
  onRemove,
}: {
  /** The element id prefix, `rule-0-step-1`. */
  id: string;
  /** Where its errors are, `jobs.rules[0].steps[1]`. */
  path: string;
  index: number;
  count: number;
  step: StepDraft;
  errors: readonly string[];
  strings: JobsSettingsStrings;
  onChange: (changes: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const at = (field: string) => errorsFor(errors, `${path}.${field}`);
  const program = (hint: string) => (
    <TextField
      id={`${id}-program`}
      label={a.program}
      hint={hint}
      value={step.program}
      onValue={(program) => onChange({ program })}
      errors={at('program')}
    />
  );
  const args = (
    <TextField
      id={`${id}-args`}
      label={a.args}
      hint={a.argsHint}
      rows={3}
      value={step.args}
      onValue={(value) => onChange({ args: value })}
      errors={at('args')}
    />
  );
  return (
    <li class="step-card" data-step={index}>
      <h4 class="step-title">{a.stepTitle(index + 1, a.stepKinds[step.kind])}</h4>
      {step.kind === 'remux' ? (
        <CheckField
          id={`${id}-delete-source`}
          label={a.deleteSource}
          checked={step.deleteSource}
          onChecked={(deleteSource) => onChange({ deleteSource })}
          errors={at('deleteSource')}
        />
      ) : null}
      {step.kind === 'danmaku' ? (
        <>
          {program(a.danmakuProgramHint)}
          {args}
        </>
      ) : null}
      {step.kind === 'upload' ? (
        <TextField
          id={`${id}-remote`}
          label={a.remote}
          hint={a.remoteHint}
          value={step.remote}
          onValue={(remote) => onChange({ remote })}
          errors={at('remote')}
        />
      ) : null}
      {step.kind === 'move' ? (
        <TextField
          id={`${id}-to`}
          label={a.moveTo}
          hint={a.moveToHint}
          value={step.to}
          onValue={(to) => onChange({ to })}
          errors={at('to')}
        />
      ) : null}
      {step.kind === 'run' ? (
        <>
          {program(a.programHint)}
          {args}
          <TextField
            id={`${id}-timeout`}
            label={a.timeoutSeconds}
            hint={a.timeoutHint}
            inputMode="numeric"
            value={step.timeoutSeconds}
            onValue={(timeoutSeconds) => onChange({ timeoutSeconds })}
            errors={at('timeoutSeconds')}
          />
        </>
      ) : null}
      <StepButtons index={index} count={count} strings={a} onMove={onMove} onRemove={onRemove} />
    </li>
  );
}
