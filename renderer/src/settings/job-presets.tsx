import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { JobPreset, JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { presetRule } from '../job-presets';
import { nextRuleId, type RuleDraft } from '../jobs-draft';
import { TextField } from '../components/fields';
import { BiliupPresetForm } from './biliup-preset-form';

const PRESETS: readonly JobPreset[] = ['remux', 'danmaku', 'upload', 'biliup', 'run'];

/**
 * The presets that start a rule (remux to MP4, danmaku to ASS, upload with rclone, post with
 * biliup, run a program) and an empty rule. Upload asks for the rclone remote first, biliup for
 * its cookie file and title.
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
  const [askingBiliup, setAskingBiliup] = useState(false);
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
          <Button
            key={preset}
            data-preset={preset}
            onClick={() => {
              if (preset === 'upload') setAskingRemote(true);
              else if (preset === 'biliup') setAskingBiliup(true);
              else add(preset);
            }}
          >
            {a.presetNames[preset]}
          </Button>
        ))}
        <Button
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
        </Button>
      </div>
      {askingBiliup ? (
        <BiliupPresetForm
          strings={a}
          onAdd={(answers) => {
            onAdd(presetRule('biliup', rules, a.presetRuleNames.biliup, '', answers));
            setAskingBiliup(false);
          }}
          onCancel={() => setAskingBiliup(false)}
        />
      ) : null}
      {askingRemote ? (
        <TextField
          id="jobs-preset-remote"
          label={a.remotePrompt}
          hint={a.remoteHint}
          placeholder="mydrive:recordings/{streamer}"
          value={remote}
          onValue={setRemote}
        >
          <Button
            class="button-primary"
            disabled={remote.trim() === ''}
            onClick={() => {
              add('upload', remote);
              setAskingRemote(false);
              setRemote('');
            }}
          >
            {a.addPreset}
          </Button>
          <Button onClick={() => setAskingRemote(false)}>{a.cancel}</Button>
        </TextField>
      ) : null}
    </div>
  );
}
