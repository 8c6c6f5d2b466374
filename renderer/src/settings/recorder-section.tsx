import { useEffect, useState } from 'preact/hooks';
import type { RecorderStatusKind } from '../../../shared/app-state';
import { apiLight } from '../api-memory';
import { useApp } from '../app-context';
import { DEFAULT_RECORDER_URL } from '../../../shared/settings';
import { normaliseRecorderUrl } from '../../../shared/settings-rules';
import { CheckField, FieldNotes, Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';
import { reportAction } from '../report-action';
import { firstRecorder } from '../../../shared/recorders';

/** The recorder's address and Basic auth, polling, a connection check and links to its pages. */
export function RecorderSection({
  draft,
  update,
  errors,
  locked,
  saveFirst,
}: SectionProps & { saveFirst: () => Promise<boolean> }) {
  const { api, state, settings, language, strings } = useApp();
  const s = strings.settings;
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<{ status: RecorderStatusKind; message: string } | null>(
    null,
  );
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  // The address to bring back when "webhooks only" is switched off again.
  const [lastUrl, setLastUrl] = useState(draft.recorderUrl || DEFAULT_RECORDER_URL);
  const webhooksOnly = draft.recorderUrl.trim() === '';
  const urlLocked = locked('recorders[0].url');
  // A check's message is in the language it was asked in; a switch makes it stale.
  useEffect(() => {
    setChecked(null);
    setLinkMessage(null);
  }, [language]);

  // Main words the connection state in the language in force, with the detail of the failure.
  const current = state.recorder.message;
  // An address that never answered is not an error yet (see apiLight): neutral colours.
  const light = apiLight(state.recorder.status, settings ? firstRecorder(settings).url : '');

  const check = async () => {
    setChecking(true);
    setChecked(null);
    try {
      // The check reads the saved settings: what is typed here is saved first.
      if (await saveFirst()) setChecked(await api.recorderCheck());
    } catch (error) {
      setChecked({ status: 'unreachable', message: String(error) });
    } finally {
      setChecking(false);
    }
  };
  const openLink = (kind: 'recorderUi' | 'recorderApi') => {
    reportAction(api.linkOpen({ kind }), setLinkMessage);
  };

  return (
    <Section id="settings-recorder" title={s.recorderSection}>
      <CheckField
        id="webhooks-only"
        label={strings.setup.webhooksOnly}
        hint={strings.setup.webhooksOnlyHint}
        checked={webhooksOnly}
        disabled={urlLocked}
        onChecked={(on) => {
          if (on) setLastUrl(draft.recorderUrl || lastUrl);
          update({ recorderUrl: on ? '' : lastUrl });
        }}
      />
      {webhooksOnly ? (
        <FieldNotes id="recorder-url-off" errors={errorsFor(errors, 'recorders[0].url')} />
      ) : (
        <>
          <TextField
            id="recorder-url"
            label={s.recorderUrl}
            hint={s.recorderUrlHint}
            type="url"
            inputMode="url"
            placeholder="http://127.0.0.1:2356"
            value={draft.recorderUrl}
            onValue={(recorderUrl) => update({ recorderUrl })}
            onBlur={() => {
              // A URL typed without a scheme is read as one by the recorder client: add it here.
              const normalised = normaliseRecorderUrl(draft.recorderUrl);
              if (normalised !== draft.recorderUrl) update({ recorderUrl: normalised });
            }}
            errors={errorsFor(errors, 'recorders[0].url')}
            locked={urlLocked}
          />
          <div class="field-pair">
            <TextField
              id="recorder-user"
              label={s.username}
              value={draft.recorderUser}
              onValue={(recorderUser) => update({ recorderUser })}
              errors={errorsFor(errors, 'recorders[0].username')}
              locked={locked('recorders[0].username')}
            />
            <TextField
              id="recorder-pass"
              label={s.password}
              type="password"
              autoComplete="new-password"
              value={draft.recorderPass}
              onValue={(recorderPass) => update({ recorderPass })}
              errors={errorsFor(errors, 'recorders[0].password')}
              locked={locked('recorders[0].password')}
            />
          </div>
        </>
      )}
      {webhooksOnly ? null : (
        <>
          <div class="field-row">
            <button
              type="button"
              class="button button-primary"
              disabled={checking}
              onClick={() => void check()}
            >
              {checking ? s.checking : s.check}
            </button>
          </div>
          <div
            class={`connection connection-${checked?.status ?? (light === 'notSetUp' ? 'off' : state.recorder.status)}`}
            role="status"
            aria-live="polite"
          >
            <span class="connection-label">{s.statusNow}</span>
            <span class="connection-message">{checked?.message ?? current}</span>
          </div>
          <div class="button-row">
            <button type="button" class="button" onClick={() => openLink('recorderUi')}>
              {s.openRecorderUi}
            </button>
            <button type="button" class="button" onClick={() => openLink('recorderApi')}>
              {s.openRecorderApi}
            </button>
          </div>
        </>
      )}
      {linkMessage ? <p class="field-errors">{linkMessage}</p> : null}
    </Section>
  );
}
