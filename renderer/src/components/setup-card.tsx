import { Button } from './button';
import { useRef, useState } from 'preact/hooks';
import { DEFAULT_RECORDER_URL } from '../../../shared/settings';
import { normaliseRecorderUrl } from '../../../shared/settings-rules';
import { useApp } from '../app-context';
import { formatAgo } from '../format-time';
import { useLastWebhook } from '../use-last-webhook';
import { useStoredChoice } from '../use-stored-choice';
import { CopyField } from './copy-field';
import { StatusLine } from './status-line';
import { firstRecorder, recorderPatch } from '../../../shared/recorders';

/**
 * The first-run card: the webhook URL to copy, where it goes in the recorder, and a check that
 * turns green when the recorder's first real webhook arrives; then, optionally, the edition of
 * the recorder and only for the command-line one the API address. Shown while no webhook has
 * come (or no room is known) until the user closes it.
 */
export function SetupCard() {
  const { state, settings, saveSettings, language, strings } = useApp();
  const s = strings.setup;
  const last = useLastWebhook();
  // Closed for good: '1' in localStorage (not remembered where it cannot be written).
  const [done, setDone] = useStoredChoice('recorderTray.setupDone', '0', ['0', '1']);
  // Once shown, the card stays until closed: the first webhook usually brings the first room.
  const shown = useRef(false);
  const [edition, setEdition] = useState<'desktop' | 'cli' | null>(null);
  const [apiUrl, setApiUrl] = useState(
    (settings && firstRecorder(settings).url) || DEFAULT_RECORDER_URL,
  );
  const [message, setMessage] = useState<string | null>(null);
  if (done === '1' || (!shown.current && last !== undefined && state.rooms.length > 0)) return null;
  shown.current = true;

  const chooseEdition = (next: 'desktop' | 'cli') => {
    setEdition(next);
    setMessage(null);
    // The desktop edition has no API: webhooks only, and no red "unreachable" ever.
    if (next === 'desktop' && settings)
      void saveSettings(recorderPatch(settings, firstRecorder(settings).id, { url: '' }));
  };
  const saveApi = () => {
    if (!settings) return;
    const url = normaliseRecorderUrl(apiUrl);
    void saveSettings(recorderPatch(settings, firstRecorder(settings).id, { url })).then((result) =>
      setMessage(result.ok ? strings.settings.saved : result.errors.join('; ')),
    );
  };

  return (
    <section class="card setup-card" aria-labelledby="setup-title">
      <h2 id="setup-title" class="section-title">
        {s.cardTitle}
      </h2>
      <ol class="setup-steps">
        <li>
          <CopyField id="setup-webhook-url" label={s.step1} value={state.listener.webhookUrl} />
        </li>
        <li>
          <p class="field-label">{s.step2}</p>
          <p class="field-hint">{s.step2Where}</p>
        </li>
        <li>
          <p class="field-label">{s.step3}</p>
          <p
            class={`setup-check ${last === undefined ? 'is-waiting' : 'is-received'}`}
            role="status"
            aria-live="polite"
          >
            <span aria-hidden="true">{last === undefined ? '…' : '✓'}</span>{' '}
            {last === undefined ? s.waiting : s.received(formatAgo(last, language, s.ago))}
          </p>
        </li>
      </ol>
      <fieldset class="fieldset setup-edition">
        <legend class="field-label">{s.editionTitle}</legend>
        {(['desktop', 'cli'] as const).map((value) => (
          <div class="field field-check" key={value}>
            <input
              id={`edition-${value}`}
              type="radio"
              name="edition"
              class="checkbox"
              checked={edition === value}
              onChange={() => chooseEdition(value)}
            />
            <label for={`edition-${value}`}>
              {value === 'desktop' ? s.editionDesktop : s.editionCli}
            </label>
          </div>
        ))}
        {edition === null ? null : (
          <p class="field-hint">
            {edition === 'desktop' ? s.editionDesktopHint : s.editionCliHint}
          </p>
        )}
        {edition === 'cli' ? (
          <div class="input-with-button">
            <label for="setup-api-url" class="sr-only">
              {strings.settings.recorderUrl}
            </label>
            <input
              id="setup-api-url"
              class="input input-mono"
              value={apiUrl}
              spellcheck={false}
              onInput={(event) => setApiUrl(event.currentTarget.value)}
              onBlur={() => setApiUrl(normaliseRecorderUrl(apiUrl))}
            />
            <Button onClick={saveApi}>{s.apiSave}</Button>
          </div>
        ) : null}
        <StatusLine text={message} tone="info" />
      </fieldset>
      <div class="button-row">
        <button
          type="button"
          class={`button ${last === undefined ? '' : 'button-primary'}`}
          onClick={() => setDone('1')}
        >
          {s.done}
        </button>
      </div>
    </section>
  );
}
