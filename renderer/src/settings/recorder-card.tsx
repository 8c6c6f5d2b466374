import { useState } from 'preact/hooks';
import { DEFAULT_RECORDER_URL } from '../../../shared/settings';
import { recorderLabel } from '../../../shared/recorders';
import { normaliseRecorderUrl } from '../../../shared/settings-rules';
import { useApp } from '../app-context';
import { CheckField, FieldNotes, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { RecorderCardProps } from './recorder-card-props';
import { RecorderCredentials } from './recorder-credentials';
import { RecorderLink } from './recorder-link';
import { RecorderMore } from './recorder-more';
import { RecorderRemove } from './recorder-remove';
import { RecorderKindField } from './recorder-kind-field';
import { RecordingRootField } from './recording-root-field';

/**
 * One recorder: its name, API address (or webhooks only) with Basic auth (blrec: its API key,
 * kept in the same `password` the WebSocket and its commands read), where its recordings
 * are, its link with this app (webhook URL, Check, Connect), the rarely changed fields behind a
 * disclosure, and Remove. Field ids and error paths carry its index (`recorders[1].url`).
 */
export function RecorderCard(props: RecorderCardProps) {
  const { index, recorder, errors, locked, onChange } = props;
  const { strings } = useApp();
  const s = strings.settings;
  const r = strings.recorders;
  const at = `recorders[${index}]`;
  const id = `recorder-${index}`;
  // The address to bring back when "webhooks only" is switched off again.
  const [lastUrl, setLastUrl] = useState(recorder.url || DEFAULT_RECORDER_URL);
  const webhooksOnly = recorder.url.trim() === '';
  const urlLocked = locked(`${at}.url`);
  const name = recorderLabel(recorder);

  return (
    <section class="recorder-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} class="recorder-title">
        {name}
      </h3>
      <TextField
        id={`${id}-name`}
        label={r.name}
        hint={r.nameHint}
        value={recorder.name}
        onValue={(value) => onChange({ name: value })}
        errors={errorsFor(errors, `${at}.name`)}
        locked={locked(`${at}.name`)}
      />
      <RecorderKindField
        id={`${id}-kind`}
        value={recorder.kind}
        onValue={(kind) => onChange({ kind })}
        errors={errorsFor(errors, `${at}.kind`)}
        locked={locked(`${at}.kind`)}
      />
      <CheckField
        id={`${id}-webhooks-only`}
        label={strings.setup.webhooksOnly}
        hint={strings.setup.webhooksOnlyHint}
        checked={webhooksOnly}
        disabled={urlLocked}
        onChecked={(on) => {
          if (on) setLastUrl(recorder.url || lastUrl);
          onChange({ url: on ? '' : lastUrl });
        }}
      />
      {webhooksOnly ? (
        <FieldNotes id={`${id}-url-off`} errors={errorsFor(errors, `${at}.url`)} />
      ) : (
        <>
          <TextField
            id={`${id}-url`}
            label={s.recorderUrl}
            hint={s.recorderUrlHint}
            type="url"
            inputMode="url"
            placeholder="http://127.0.0.1:2356"
            value={recorder.url}
            onValue={(url) => onChange({ url })}
            onBlur={() => {
              // A URL typed without a scheme is read as one by the recorder client: add it here.
              const normalised = normaliseRecorderUrl(recorder.url);
              if (normalised !== recorder.url) onChange({ url: normalised });
            }}
            errors={errorsFor(errors, `${at}.url`)}
            locked={urlLocked}
          />
          <RecorderCredentials {...props} />
        </>
      )}
      <RecordingRootField
        id={`${id}-root`}
        value={recorder.recordingRoot}
        onValue={(recordingRoot) => onChange({ recordingRoot })}
        errors={errorsFor(errors, `${at}.recordingRoot`)}
        locked={locked(`${at}.recordingRoot`)}
      />
      <RecorderLink
        index={index}
        recorderId={recorder.id}
        kind={recorder.kind}
        url={recorder.url}
        check={props.check}
        onCheck={props.onCheck}
        saveFirst={props.saveFirst}
      />
      <RecorderMore {...props} />
      {props.listLocked ? null : (
        <RecorderRemove index={index} name={name} count={props.count} onRemove={props.onRemove} />
      )}
    </section>
  );
}
