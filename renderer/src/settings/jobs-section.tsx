import { Fragment } from 'preact';
import { JOB_PLACEHOLDERS, OUTPUTS_ARG } from '../../../shared/job-placeholders';
import {
  JOBS_SETTINGS_STRINGS,
  type JobsSettingsStrings,
} from '../../../shared/i18n/window/jobs-settings';
import { useApp } from '../app-context';
import type { JobsDraft, RuleDraft } from '../jobs-draft';
import { CheckField, Section, TextField } from '../components/fields';
import { LockedGroup, useLockedUnder } from '../components/locked-group';
import { errorsFor } from '../field-errors';
import { JobPresets } from './job-presets';
import { JobRuleCard } from './job-rule-card';
import { JobToolsField } from './job-tools-field';
import type { SectionProps } from './section-props';

/** The paths Settings → Actions shows errors for (the save bar lists the rest). */
export function jobsErrorPaths(jobs: JobsDraft): string[] {
  return [
    'jobs.enabled',
    'jobs.concurrency',
    'jobs.tools',
    'jobs.moveRoots',
    // A rule's card lists whatever its fields do not show.
    ...jobs.rules.map((_, index) => `jobs.rules[${index}]`),
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
        <dt>
          <code>{OUTPUTS_ARG}</code>
        </dt>
        <dd>{a.outputsMeaning}</dd>
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
  const jobs = draft.jobs;
  const change = (changes: Partial<JobsDraft>) => update({ jobs: { ...jobs, ...changes } });
  const setRules = (rules: RuleDraft[]) => change({ rules });
  return (
    <Section id="settings-jobs" title={a.section}>
      <p class="field-hint">{a.intro}</p>
      <LockedGroup locked={lockedUnder('jobs.enabled')}>
        <CheckField
          id="jobs-enabled"
          label={a.enabled}
          checked={jobs.enabled}
          onChecked={(enabled) => change({ enabled })}
          errors={errorsFor(errors, 'jobs.enabled')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('jobs.concurrency')}>
        <TextField
          id="jobs-concurrency"
          label={a.concurrency}
          hint={a.concurrencyHint}
          inputMode="numeric"
          value={jobs.concurrency}
          onValue={(concurrency) => change({ concurrency })}
          errors={errorsFor(errors, 'jobs.concurrency')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('jobs.notifyDone')}>
        <CheckField
          id="jobs-notify-done"
          label={a.notifyDone}
          checked={jobs.notifyDone}
          onChecked={(notifyDone) => change({ notifyDone })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('jobs.tools')}>
        <JobToolsField
          tools={jobs.tools}
          errors={errors}
          strings={a}
          onTools={(tools) => change({ tools })}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('jobs.moveRoots')}>
        <TextField
          id="jobs-move-roots"
          label={a.moveRoots}
          hint={a.moveRootsHint}
          rows={2}
          value={jobs.moveRoots}
          onValue={(moveRoots) => change({ moveRoots })}
          errors={errorsFor(errors, 'jobs.moveRoots')}
        />
      </LockedGroup>
      <LockedGroup locked={lockedUnder('jobs.rules')}>
        <div class="field" role="group" aria-labelledby="jobs-rules-title">
          <h3 id="jobs-rules-title" class="field-label">
            {a.rules}
          </h3>
          {jobs.rules.length === 0 ? <p class="field-hint">{a.noRules}</p> : null}
          <ul class="items rules">
            {jobs.rules.map((rule, index) => (
              <JobRuleCard
                key={rule.id}
                index={index}
                rule={rule}
                errors={errors}
                strings={a}
                onChange={(changes) =>
                  setRules(jobs.rules.map((r, i) => (i === index ? { ...r, ...changes } : r)))
                }
                onRemove={() => setRules(jobs.rules.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        </div>
        <JobPresets
          rules={jobs.rules}
          strings={a}
          onAdd={(rule) => setRules([...jobs.rules, rule])}
        />
      </LockedGroup>
      <Placeholders strings={a} />
    </Section>
  );
}
