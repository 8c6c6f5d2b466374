import { useState } from 'preact/hooks';
import { BILIUP_TITLE } from '../../../shared/biliup-preset';
import { BILIUP_PRESET_STRINGS } from '../../../shared/i18n/window/biliup-preset';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import type { BiliupAnswers } from '../job-presets';

/**
 * What the biliup preset asks once: the cookie file `biliup login` wrote, the title template,
 * and, to add a stream's later parts to a video already posted, its BV id.
 */
export function BiliupPresetForm({
  strings: a,
  onAdd,
  onCancel,
}: {
  strings: JobsSettingsStrings;
  onAdd: (answers: BiliupAnswers) => void;
  onCancel: () => void;
}) {
  const b = BILIUP_PRESET_STRINGS[useApp().language];
  const [cookieFile, setCookieFile] = useState('');
  const [title, setTitle] = useState(BILIUP_TITLE);
  const [bvid, setBvid] = useState('');
  return (
    <div class="biliup-preset" role="group" aria-label={a.presetNames.biliup}>
      <TextField
        id="jobs-preset-biliup-cookie"
        label={b.cookieFile}
        hint={b.cookieFileHint}
        placeholder="cookies.json"
        value={cookieFile}
        onValue={setCookieFile}
      />
      <TextField
        id="jobs-preset-biliup-title"
        label={b.title}
        hint={b.titleHint}
        value={title}
        onValue={setTitle}
      />
      <TextField
        id="jobs-preset-biliup-bvid"
        label={b.bvid}
        hint={b.bvidHint}
        placeholder="BV1xx411c7mD"
        value={bvid}
        onValue={setBvid}
      />
      <div class="button-row">
        <button
          type="button"
          class="button button-primary"
          disabled={cookieFile.trim() === ''}
          onClick={() => onAdd({ cookieFile, title, bvid })}
        >
          {a.addPreset}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          {a.cancel}
        </button>
      </div>
    </div>
  );
}
