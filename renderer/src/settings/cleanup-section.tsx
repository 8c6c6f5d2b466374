import { CLEANUP_STRINGS, type CleanupStrings } from '../../../shared/i18n/window/cleanup';
import type { RemovalHow } from '../../../shared/retention';
import { useApp } from '../app-context';
import { CheckField, Section, TextField } from '../components/fields';
import { LockedGroup, useLockedUnder } from '../components/locked-group';
import { errorsFor } from '../field-errors';
import {
  newRetentionRuleDraft,
  type RetentionDraft,
  type RetentionRuleDraft,
} from '../retention-draft';
import { CleanupPreview } from './cleanup-preview';
import { CleanupRemovals } from './cleanup-removals';
import { RecorderChecks } from './recorder-checks';
import type { SectionProps } from './section-props';

const REMOVALS: readonly RemovalHow[] = ['trash', 'delete', 'move'];

/** The paths Settings → Clean-up shows errors for (the save bar lists the rest). */
export function cleanupErrorPaths(retention: RetentionDraft): string[] {
  return retention.rules.flatMap((_, index) =>
    ['rooms', 'keepDays', 'keepGiB', 'moveTo'].map((field) => `retention.rules[${index}].${field}`),
  );
}

/** One clean-up rule: recorders, rooms, keep days, keep GiB, then trash / delete / move (and where). */
function CleanupRule({
  index,
  rule,
  errors,
  strings: c,
  onChange,
  onRemove,
}: {
  index: number;
  rule: RetentionRuleDraft;
  errors: readonly string[];
  strings: CleanupStrings;
  onChange: (changes: Partial<RetentionRuleDraft>) => void;
  onRemove: () => void;
}) {
  const id = `cleanup-${index}`;
  const at = (field: string) => errorsFor(errors, `retention.rules[${index}].${field}`);
  return (
    <li class="rule-card" data-cleanup-rule={index}>
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
        <button type="button" class="button" onClick={onRemove}>
          {c.removeRule}
        </button>
      </div>
    </li>
  );
}

/**
 * Settings → Clean-up: old recordings by age and size (off by default, a dry run first), its
 * rules, a preview of what would go, and "keep the computer awake while recording". Part of the
 * settings form: saved with Save, errors from the schema by their fields.
 */
export function CleanupSection({ draft, update, errors }: SectionProps) {
  const { language } = useApp();
  const lockedUnder = useLockedUnder();
  const c = CLEANUP_STRINGS[language];
  const retention = draft.retention;
  const change = (changes: Partial<RetentionDraft>) =>
    update({ retention: { ...retention, ...changes } });
  const setRules = (rules: RetentionRuleDraft[]) => change({ rules });
  return (
    <Section id="settings-cleanup" title={c.section}>
      <p class="field-hint">{c.intro}</p>
      <LockedGroup locked={lockedUnder('retention.enabled')}>
        <CheckField
          id="cleanup-enabled"
          label={c.enabled}
          checked={retention.enabled}
          onChecked={(enabled) => change({ enabled })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('retention.dryRun')}>
        <CheckField
          id="cleanup-dry-run"
          label={c.dryRun}
          hint={c.dryRunHint}
          checked={retention.dryRun}
          onChecked={(dryRun) => change({ dryRun })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('retention.rules')}>
        <div class="field" role="group" aria-labelledby="cleanup-rules-title">
          <h3 id="cleanup-rules-title" class="field-label">
            {c.rules}
          </h3>
          {retention.rules.length === 0 ? <p class="field-hint">{c.noRules}</p> : null}
          <ul class="items rules">
            {retention.rules.map((rule, index) => (
              <CleanupRule
                key={index}
                index={index}
                rule={rule}
                errors={errors}
                strings={c}
                onChange={(changes) =>
                  setRules(retention.rules.map((r, i) => (i === index ? { ...r, ...changes } : r)))
                }
                onRemove={() => setRules(retention.rules.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
          <div class="button-row">
            <button
              type="button"
              class="button"
              onClick={() => setRules([...retention.rules, newRetentionRuleDraft()])}
            >
              {c.addRule}
            </button>
          </div>
        </div>
      </LockedGroup>
      <CleanupPreview retention={retention} strings={c} />
      <CleanupRemovals strings={c} />
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
