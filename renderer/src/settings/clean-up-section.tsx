import { Button } from '../components/button';
import { CLEAN_UP_STRINGS, type CleanUpStrings } from '../../../shared/i18n/window/clean-up';
import type { RemovalHow } from '../../../shared/clean-up';
import { useApp } from '../app-context';
import { CheckField, Section, TextField } from '../components/fields';
import { LockedGroup, useLockedUnder } from '../components/locked-group';
import { errorsFor } from '../field-errors';
import { newCleanUpRuleDraft, type CleanUpDraft, type CleanUpRuleDraft } from '../clean-up-draft';
import { CleanUpPreviewList } from './clean-up-preview';
import { CleanUpRemovals } from './clean-up-removals';
import { RecorderChecks } from './recorder-checks';
import type { SectionProps } from './section-props';

const REMOVALS: readonly RemovalHow[] = ['trash', 'delete', 'move'];

/** The paths Settings → Clean-up shows errors for (the save bar lists the rest). */
export function cleanUpErrorPaths(cleanUp: CleanUpDraft): string[] {
  return cleanUp.rules.flatMap((_, index) =>
    ['rooms', 'keepDays', 'keepGiB', 'moveTo'].map((field) => `cleanUp.rules[${index}].${field}`),
  );
}

/** One clean-up rule: recorders, rooms, keep days, keep GiB, then trash / delete / move (and where). */
function CleanUpRuleCard({
  index,
  rule,
  errors,
  strings: c,
  onChange,
  onRemove,
}: {
  index: number;
  rule: CleanUpRuleDraft;
  errors: readonly string[];
  strings: CleanUpStrings;
  onChange: (changes: Partial<CleanUpRuleDraft>) => void;
  onRemove: () => void;
}) {
  const id = `clean-up-${index}`;
  const at = (field: string) => errorsFor(errors, `cleanUp.rules[${index}].${field}`);
  return (
    <li class="rule-card" data-clean-up-rule={index}>
      <h3 class="rule-title">{c.ruleTitle(index + 1)}</h3>
      <RecorderChecks
        id={id}
        legend={c.recorders}
        hint={c.recordersHint}
        chosen={rule.recorders}
        onChosen={(recorders) => onChange({ recorders })}
      />
      <TextField
        id={`${id}-rooms`}
        label={c.rooms}
        hint={c.roomsHint}
        inputMode="numeric"
        value={rule.rooms}
        onValue={(rooms) => onChange({ rooms })}
        errors={at('rooms')}
      />
      <div class="field-pair">
        <TextField
          id={`${id}-days`}
          label={c.keepDays}
          inputMode="decimal"
          value={rule.keepDays}
          onValue={(keepDays) => onChange({ keepDays })}
          errors={at('keepDays')}
        />
        <TextField
          id={`${id}-gib`}
          label={c.keepGiB}
          inputMode="decimal"
          value={rule.keepGiB}
          onValue={(keepGiB) => onChange({ keepGiB })}
          errors={at('keepGiB')}
        />
      </div>
      <p class="field-hint">{c.keepHint}</p>
      <div class="field">
        <label class="field-label" for={`${id}-then`}>
          {c.then}
        </label>
        <select
          id={`${id}-then`}
          class="input"
          value={rule.then}
          onChange={(event) => onChange({ then: event.currentTarget.value as RemovalHow })}
        >
          {REMOVALS.map((how) => (
            <option key={how} value={how}>
              {c.thenNames[how]}
            </option>
          ))}
        </select>
      </div>
      {rule.then === 'move' ? (
        <TextField
          id={`${id}-move-to`}
          label={c.moveTo}
          value={rule.moveTo}
          onValue={(moveTo) => onChange({ moveTo })}
          errors={at('moveTo')}
        />
      ) : null}
      <div class="button-row">
        <Button onClick={onRemove}>{c.removeRule}</Button>
      </div>
    </li>
  );
}

/**
 * Settings → Clean-up: old recordings by age and size (off by default, a dry run first), its
 * rules, a preview of what would go, and "keep the computer awake while recording". Part of the
 * settings form: saved with Save, errors from the schema by their fields.
 */
export function CleanUpSection({ draft, update, errors }: SectionProps) {
  const { language } = useApp();
  const lockedUnder = useLockedUnder();
  const c = CLEAN_UP_STRINGS[language];
  const cleanUp = draft.cleanUp;
  const change = (changes: Partial<CleanUpDraft>) =>
    update({ cleanUp: { ...cleanUp, ...changes } });
  const setRules = (rules: CleanUpRuleDraft[]) => change({ rules });
  return (
    <Section id="settings-clean-up" title={c.section}>
      <p class="field-hint">{c.intro}</p>
      <LockedGroup locked={lockedUnder('cleanUp.enabled')}>
        <CheckField
          id="clean-up-enabled"
          label={c.enabled}
          checked={cleanUp.enabled}
          onChecked={(enabled) => change({ enabled })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('cleanUp.dryRun')}>
        <CheckField
          id="clean-up-dry-run"
          label={c.dryRun}
          hint={c.dryRunHint}
          checked={cleanUp.dryRun}
          onChecked={(dryRun) => change({ dryRun })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('cleanUp.rules')}>
        <div class="field" role="group" aria-labelledby="clean-up-rules-title">
          <h3 id="clean-up-rules-title" class="field-label">
            {c.rules}
          </h3>
          {cleanUp.rules.length === 0 ? <p class="field-hint">{c.noRules}</p> : null}
          <ul class="items rules">
            {cleanUp.rules.map((rule, index) => (
              <CleanUpRuleCard
                key={index}
                index={index}
                rule={rule}
                errors={errors}
                strings={c}
                onChange={(changes) =>
                  setRules(cleanUp.rules.map((r, i) => (i === index ? { ...r, ...changes } : r)))
                }
                onRemove={() => setRules(cleanUp.rules.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
          <div class="button-row">
            <Button onClick={() => setRules([...cleanUp.rules, newCleanUpRuleDraft()])}>
              {c.addRule}
            </Button>
          </div>
        </div>
      </LockedGroup>
      <CleanUpPreviewList cleanUp={cleanUp} strings={c} />
      <CleanUpRemovals strings={c} />
      <LockedGroup locked={lockedUnder('keepAwake')}>
        <CheckField
          id="keep-awake"
          label={c.keepAwake}
          hint={c.keepAwakeHint}
          checked={draft.keepAwake}
          onChecked={(keepAwake) => update({ keepAwake })}
        />
      </LockedGroup>
    </Section>
  );
}
