import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { BILIUP_TITLE } from '../../../shared/biliup-preset';
import { BILIUP_PRESET_STRINGS } from '../../../shared/i18n/window/biliup-preset';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import type { BiliupAnswers, BiliupMode } from '../job-presets';

const MODES: readonly BiliupMode[] = ['session', 'append'];

/**
 * What the biliup preset asks once: how to post (one video per live session, the default, or each
 * file added to a video already posted), the cookie file `biliup login` wrote, and the title
 * template or the BV id; each choice says what it does.
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
  const [mode, setMode] = useState<BiliupMode>('session');
  const [cookieFile, setCookieFile] = useState('');
  const [title, setTitle] = useState(BILIUP_TITLE);
  const [bvid, setBvid] = useState('');
  const ready = cookieFile.trim() !== '' && (mode === 'session' || bvid.trim() !== '');
  return (
    <div class="biliup-preset" role="group" aria-label={a.presetNames.biliup}>
      <fieldset class="fieldset">
        <legend class="field-label">{b.mode}</legend>
        {MODES.map((value) => (
          <div class="field field-check" key={value}>
            <input
              id={`jobs-preset-biliup-${value}`}
              type="radio"
              name="jobs-preset-biliup-mode"
              class="checkbox"
              checked={mode === value}
              aria-describedby={`jobs-preset-biliup-${value}-hint`}
              onChange={() => setMode(value)}
            />
            <label for={`jobs-preset-biliup-${value}`}>
              {value === 'session' ? b.modeSession : b.modeAppend}
            </label>
            <p id={`jobs-preset-biliup-${value}-hint`} class="field-hint">
              {value === 'session' ? b.modeSessionHint : b.modeAppendHint}
            </p>
          </div>
        ))}
      </fieldset>
      <TextField
        id="jobs-preset-biliup-cookie"
        label={b.cookieFile}
        hint={b.cookieFileHint}
        placeholder="cookies.json"
        value={cookieFile}
        onValue={setCookieFile}
      />
      {mode === 'session' ? (
        <TextField
          id="jobs-preset-biliup-title"
          label={b.title}
          hint={b.titleHint}
          value={title}
          onValue={setTitle}
        />
      ) : (
        <TextField
          id="jobs-preset-biliup-bvid"
          label={b.bvid}
          hint={b.bvidHint}
          placeholder="BV1xx411c7mD"
          value={bvid}
          onValue={setBvid}
        />
      )}
      <div class="button-row">
        <Button
          class="button-primary"
          disabled={!ready}
          onClick={() => onAdd({ mode, cookieFile, title, bvid })}
        >
          {a.addPreset}
        </Button>
        <Button onClick={onCancel}>{a.cancel}</Button>
      </div>
    </div>
  );
}
