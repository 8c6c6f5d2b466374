import { useState } from 'preact/hooks';
import type { JobPreset, JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { presetRule } from '../job-presets';
import { nextRuleId, type RuleDraft } from '../jobs-draft';
import { TextField } from '../components/fields';

const PRESETS: readonly JobPreset[] = ['remux', 'danmaku', 'upload', 'run'];

/**
 * The presets that start a rule (remux to MP4, danmaku to ASS, upload with rclone, run a
 * program) and an empty rule. Upload asks for the rclone remote first.
 */
export function JobPresets({
  rules,
  strings: a,
  onAdd,
}: {
  rules: readonly RuleDraft[];
  strings: JobsSettingsStrings;
  onAdd: (rule: RuleDraft) => void;
}) {
  const [askingRemote, setAskingRemote] = useState(false);
  const [remote, setRemote] = useState('');
  const add = (preset: JobPreset, withRemote = '') =>
    onAdd(presetRule(preset, rules, a.presetRuleNames[preset], withRemote));
  return (
    <div class="field" role="group" aria-labelledby="jobs-presets-title">
      <h3 id="jobs-presets-title" class="field-label">
        {a.presets}
      </h3>
      <div class="button-row">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            class="button"
            data-preset={preset}
            onClick={() => (preset === 'upload' ? setAskingRemote(true) : add(preset))}
          >
            {a.presetNames[preset]}
          </button>
        ))}
        <button
          type="button"
          class="button"
          onClick={() =>
            onAdd({
              id: nextRuleId(rules),
              name: '',
              on: 'FileClosed',
              rooms: '',
              recorders: [],
              steps: [],
            })
          }
        >
          {a.emptyRule}
        </button>
      </div>
      {askingRemote ? (
        <TextField
          id="jobs-preset-remote"
          label={a.remotePrompt}
          hint={a.remoteHint}
          placeholder="mydrive:recordings/{streamer}"
          value={remote}
          onValue={setRemote}
        >
          <button
            type="button"
            class="button button-primary"
            disabled={remote.trim() === ''}
            onClick={() => {
              add('upload', remote);
              setAskingRemote(false);
              setRemote('');
            }}
          >
            {a.addPreset}
          </button>
          <button type="button" class="button" onClick={() => setAskingRemote(false)}>
            {a.cancel}
          </button>
        </TextField>
      ) : null}
    </div>
  );
}
