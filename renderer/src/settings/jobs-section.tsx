import { Fragment } from 'preact';
import { JOB_PLACEHOLDERS } from '../../../shared/job-placeholders';
import {
  JOBS_SETTINGS_STRINGS,
  type JobsSettingsStrings,
} from '../../../shared/i18n/window/jobs-settings';
import { useApp } from '../app-context';
import type { JobsDraft, RuleDraft } from '../jobs-draft';
import { CheckField, Section, TextField } from '../components/fields';
import { LockedGroup, useLockedUnder } from '../components/locked-group';
import { TextAreaField } from '../components/text-area-field';
import { errorsFor } from '../field-errors';
import { JobPresets } from './job-presets';
import { JobRuleCard } from './job-rule-card';
import { JobToolsField } from './job-tools-field';
import type { SectionProps } from './section-props';

/** The paths Settings → Actions shows errors for (the save bar lists the rest). */
export function jobsErrorPaths(actions: JobsDraft): string[] {
  return [
    'actions.enabled',
    'actions.concurrency',
    'actions.tools',
    'actions.moveRoots',
    // A rule's card lists whatever its fields do not show.
    ...actions.rules.map((_, index) => `actions.rules[${index}]`),
  ];
}

/** The placeholders and what each stands for, folded until asked. */
function Placeholders({ strings: a }: { strings: JobsSettingsStrings }) {
  return (
    <details class="field">
      <summary class="field-label">{a.placeholders}</summary>
      <p class="field-hint">{a.placeholdersHint}</p>
      <dl class="placeholder-list">
        {JOB_PLACEHOLDERS.map((name) => (
          <Fragment key={name}>
            <dt>
              <code>{`{${name}}`}</code>
            </dt>
            <dd>{a.placeholderMeanings[name]}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}

/**
 * Settings → Actions: on / off, jobs at a time, a popup when done, the tools (with "check tools"),
 * the rules with their steps, the presets, the placeholders and "try on the last file". Part of
 * the settings form: saved with Save, errors from the schema by their fields.
 */
export function JobsSection({ draft, update, errors }: SectionProps) {
  const { language } = useApp();
  const lockedUnder = useLockedUnder();
  const a = JOBS_SETTINGS_STRINGS[language];
  const actions = draft.actions;
  const change = (changes: Partial<JobsDraft>) => update({ actions: { ...actions, ...changes } });
  const setRules = (rules: RuleDraft[]) => change({ rules });
  return (
    <Section id="settings-actions" title={a.section}>
      <p class="field-hint">{a.intro}</p>
      <LockedGroup locked={lockedUnder('actions.enabled')}>
        <CheckField
          id="actions-enabled"
          label={a.enabled}
          checked={actions.enabled}
          onChecked={(enabled) => change({ enabled })}
          errors={errorsFor(errors, 'actions.enabled')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('actions.concurrency')}>
        <TextField
          id="actions-concurrency"
          label={a.concurrency}
          hint={a.concurrencyHint}
          inputMode="numeric"
          value={actions.concurrency}
          onValue={(concurrency) => change({ concurrency })}
          errors={errorsFor(errors, 'actions.concurrency')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('actions.notifyDone')}>
        <CheckField
          id="actions-notify-done"
          label={a.notifyDone}
          checked={actions.notifyDone}
          onChecked={(notifyDone) => change({ notifyDone })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('actions.tools')}>
        <JobToolsField
          tools={actions.tools}
          errors={errors}
          strings={a}
          onTools={(tools) => change({ tools })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('actions.moveRoots')}>
        <TextAreaField
          id="actions-move-roots"
          label={a.moveRoots}
          hint={a.moveRootsHint}
          rows={2}
          value={actions.moveRoots}
          onValue={(moveRoots) => change({ moveRoots })}
          errors={errorsFor(errors, 'actions.moveRoots')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('actions.rules')}>
        <div class="field" role="group" aria-labelledby="actions-rules-title">
          <h3 id="actions-rules-title" class="field-label">
            {a.rules}
          </h3>
          {actions.rules.length === 0 ? <p class="field-hint">{a.noRules}</p> : null}
          <ul class="items rules">
            {actions.rules.map((rule, index) => (
              <JobRuleCard
                key={rule.id}
                index={index}
                rule={rule}
                errors={errors}
                strings={a}
                onChange={(changes) =>
                  setRules(actions.rules.map((r, i) => (i === index ? { ...r, ...changes } : r)))
                }
                onRemove={() => setRules(actions.rules.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        </div>
        <JobPresets
          rules={actions.rules}
          strings={a}
          onAdd={(rule) => setRules([...actions.rules, rule])}
        />
      </LockedGroup>
      <Placeholders strings={a} />
    </Section>
  );
}
