import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { useApp } from '../app-context';
import { ruleFromDraft, type RuleDraft } from '../jobs-draft';
import { TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { errorsFor } from '../field-errors';
import { ContractCallError } from '../http-transport';
import { RuleStepsField } from './rule-steps-field';
import { RecorderChecks } from './recorder-checks';

/** "Try on the last file": the rule as drafted, run on the newest finished file, as a job. */
function TryOnLastFile({ rule, strings: a }: { rule: RuleDraft; strings: JobsSettingsStrings }) {
  const { api, strings, goTo } = useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const tryIt = async () => {
    const errors: string[] = [];
    const built = ruleFromDraft(rule, 'rule', strings.settings.notANumber, errors);
    if (errors.length > 0) return setResult({ ok: false, text: errors.join('; ') });
    setBusy(true);
    setResult(null);
    try {
      const answer = await api.jobsTryOnLastFile({ rule: built });
      setResult({ ok: answer.ok, text: answer.ok ? a.tried : (answer.message ?? '') });
    } catch (error) {
      const text =
        error instanceof ContractCallError && error.reasons.length > 0
          ? error.reasons.join('; ')
          : String(error);
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="field">
      <div class="button-row">
        <Button disabled={busy} onClick={() => void tryIt()}>
          {busy ? a.trying : a.tryOnLastFile}
        </Button>
        {result?.ok ? (
          <Button small onClick={() => goTo('jobs')}>
            {a.showJobs}
          </Button>
        ) : null}
      </div>
      <p class="field-hint">{a.tryHint}</p>
      <StatusLine text={result?.text ?? null} tone={result && !result.ok ? 'error' : 'info'} />
    </div>
  );
}

/**
 * One rule of Settings → Actions: its name, when it runs (each file, or a whole stream), the rooms
 * and recorders it takes, its steps in order (added by kind, moved, removed), a trial on the last
 * file, and remove. Errors from the schema show by their fields.
 */
export function JobRuleCard({
  index,
  rule,
  errors,
  strings: a,
  onChange,
  onRemove,
}: {
  index: number;
  rule: RuleDraft;
  errors: readonly string[];
  strings: JobsSettingsStrings;
  onChange: (changes: Partial<RuleDraft>) => void;
  onRemove: () => void;
}) {
  const id = `rule-${index}`;
  const path = `jobs.rules[${index}]`;
  return (
    <li class="rule-card" data-rule={index}>
      <h3 class="rule-title" data-content>
        {rule.name || rule.id}
      </h3>
      <TextField
        id={`${id}-name`}
        label={a.ruleName}
        value={rule.name}
        onValue={(name) => onChange({ name })}
        errors={errorsFor(errors, `${path}.name`)}
      />
      <div class="field">
        <label class="field-label" for={`${id}-on`}>
          {a.on}
        </label>
        <select
          id={`${id}-on`}
          class="input"
          value={rule.on}
          onChange={(event) =>
            onChange({
              on: event.currentTarget.value === 'SessionEnded' ? 'SessionEnded' : 'FileClosed',
            })
          }
        >
          <option value="FileClosed">{a.onFileClosed}</option>
          <option value="SessionEnded">{a.onSessionEnded}</option>
        </select>
      </div>
      <TextField
        id={`${id}-rooms`}
        label={a.rooms}
        hint={a.roomsHint}
        inputMode="numeric"
        value={rule.rooms}
        onValue={(rooms) => onChange({ rooms })}
        errors={errorsFor(errors, `${path}.rooms`)}
      />
      <RecorderChecks
        id={id}
        legend={a.recorders}
        hint={a.recordersHint}
        chosen={rule.recorders}
        onChosen={(recorders) => onChange({ recorders })}
      />
      <RuleStepsField
        id={id}
        path={path}
        steps={rule.steps}
        errors={errors}
        strings={a}
        onSteps={(steps) => onChange({ steps })}
      />
      <TryOnLastFile rule={rule} strings={a} />
      <div class="button-row">
        <Button onClick={onRemove}>{a.removeRule}</Button>
      </div>
    </li>
  );
}
