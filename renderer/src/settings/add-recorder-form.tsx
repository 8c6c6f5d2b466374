import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { DEFAULT_RECORDER_URL } from '../../../shared/settings';
import { normaliseRecorderUrl } from '../../../shared/settings-rules';
import { useApp } from '../app-context';
import { CheckField, TextField } from '../components/fields';

/**
 * "Add a recorder": a button that opens a small form (name, API address or webhooks only).
 * `onAdd` saves it with the rest of the form and checks its address; errors then show on its card.
 */
export function AddRecorderForm({
  onAdd,
  disabled,
}: {
  onAdd: (name: string, url: string) => Promise<void>;
  disabled: boolean;
}) {
  const { strings } = useApp();
  const s = strings.settings;
  const r = strings.recorders;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [webhooksOnly, setWebhooksOnly] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!open)
    return (
      <div class="button-row">
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {r.add}
        </Button>
      </div>
    );
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(name, webhooksOnly ? '' : normaliseRecorderUrl(url));
      setOpen(false);
      setName('');
      setUrl('');
      setWebhooksOnly(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset class="fieldset add-recorder" aria-labelledby="add-recorder-title">
      <legend id="add-recorder-title" class="field-label">
        {r.addTitle}
      </legend>
      <TextField
        id="add-recorder-name"
        label={r.name}
        hint={r.nameHint}
        value={name}
        onValue={setName}
      />
      <CheckField
        id="add-recorder-webhooks-only"
        label={strings.setup.webhooksOnly}
        hint={strings.setup.webhooksOnlyHint}
        checked={webhooksOnly}
        onChecked={setWebhooksOnly}
      />
      {webhooksOnly ? null : (
        <TextField
          id="add-recorder-url"
          label={s.recorderUrl}
          type="url"
          inputMode="url"
          placeholder={DEFAULT_RECORDER_URL}
          value={url}
          onValue={setUrl}
        />
      )}
      <div class="button-row">
        <Button class="button-primary" disabled={busy} onClick={() => void add()}>
          {busy ? r.adding : r.addSubmit}
        </Button>
        <Button onClick={() => setOpen(false)}>{r.addCancel}</Button>
      </div>
    </fieldset>
  );
}
