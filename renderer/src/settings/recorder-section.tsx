import { useEffect, useState } from 'preact/hooks';
import type { RecorderStatusKind } from '../../../shared/app-state';
import { useApp } from '../app-context';
import { Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';
import { reportAction } from '../report-action';

/** The recorder's address and Basic auth, polling, a connection check and links to its pages. */
export function RecorderSection({
  draft,
  update,
  errors,
  saveFirst,
}: SectionProps & { saveFirst: () => Promise<boolean> }) {
  const { api, state, language, strings } = useApp();
  const s = strings.settings;
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<{ status: RecorderStatusKind; message: string } | null>(
    null,
  );
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  // A check's message is in the language it was asked in; a switch makes it stale.
  useEffect(() => {
    setChecked(null);
    setLinkMessage(null);
  }, [language]);

  // Main words the connection state in the language in force, with the detail of the failure.
  const current = state.recorder.message;

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
      <TextField
        id="recorder-url"
        label={s.recorderUrl}
        hint={s.recorderUrlHint}
        type="url"
        inputMode="url"
        placeholder="http://127.0.0.1:2356"
        value={draft.recorderUrl}
        onValue={(recorderUrl) => update({ recorderUrl })}
        errors={errorsFor(errors, 'recorder.url')}
      />
      <div class="field-pair">
        <TextField
          id="recorder-user"
          label={s.username}
          value={draft.recorderUser}
          onValue={(recorderUser) => update({ recorderUser })}
          errors={errorsFor(errors, 'recorder.username')}
        />
        <TextField
          id="recorder-pass"
          label={s.password}
          type="password"
          autoComplete="new-password"
          value={draft.recorderPass}
          onValue={(recorderPass) => update({ recorderPass })}
          errors={errorsFor(errors, 'recorder.password')}
        />
      </div>
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
        class={`connection connection-${checked?.status ?? state.recorder.status}`}
        role="status"
        aria-live="polite"
      >
        <span class="connection-label">{s.statusNow}</span>
        <span class="connection-message">{checked?.message ?? current}</span>
      </div>
      <div class="field-pair">
        <TextField
          id="recorder-poll"
          label={s.pollInterval}
          inputMode="decimal"
          value={draft.pollInterval}
          onValue={(pollInterval) => update({ pollInterval })}
          errors={errorsFor(errors, 'recorder.pollIntervalSeconds')}
        />
        <TextField
          id="recorder-unreachable"
          label={s.unreachableMinutes}
          inputMode="decimal"
          value={draft.unreachableMinutes}
          onValue={(unreachableMinutes) => update({ unreachableMinutes })}
          errors={errorsFor(errors, 'recorder.unreachableNotifyAfterMinutes')}
        />
      </div>
      <TextField
        id="recorder-rooms"
        label={s.pollRooms}
        hint={s.pollRoomsHint}
        inputMode="numeric"
        value={draft.pollRooms}
        onValue={(pollRooms) => update({ pollRooms })}
        errors={errorsFor(errors, 'recorder.rooms')}
      />
      <div class="button-row">
        <button type="button" class="button" onClick={() => openLink('recorderUi')}>
          {s.openRecorderUi}
        </button>
        <button type="button" class="button" onClick={() => openLink('recorderApi')}>
          {s.openRecorderApi}
        </button>
      </div>
      {linkMessage ? <p class="field-errors">{linkMessage}</p> : null}
    </Section>
  );
}
