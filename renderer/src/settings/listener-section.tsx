import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** The webhook URL to paste into the recorder (with a copy button), and where the listener binds. */
export function ListenerSection({ draft, update, errors }: SectionProps) {
  const { state, strings } = useApp();
  const s = strings.settings;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const { listener } = state;
  useEffect(() => setCopied(null), [listener.webhookUrl]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(listener.webhookUrl);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the text so that Ctrl+C works.
      urlInput.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Section id="settings-listener" title={s.listenerSection}>
      <div class="field">
        <label for="webhook-url" class="field-label">
          {s.webhookUrl}
        </label>
        <div class="input-with-button">
          <input
            ref={urlInput}
            id="webhook-url"
            class="input input-mono"
            readOnly
            value={listener.webhookUrl}
            aria-describedby="webhook-url-hint"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" class="button button-primary" onClick={() => void copy()}>
            {s.copy}
          </button>
        </div>
        <p id="webhook-url-hint" class="field-hint">
          {s.pasteWhere}
        </p>
        <p class="field-hint" role="status" aria-live="polite">
          {copied === 'yes' ? s.copied : copied === 'failed' ? s.copyFailed : ''}
        </p>
        {listener.error ? (
          <p class="field-errors" role="alert">
            {strings.header.listenerDown('')}
            <span data-content>{listener.error}</span>
          </p>
        ) : null}
      </div>
      <div class="field-pair">
        <TextField
          id="listener-host"
          label={s.listenerHost}
          value={draft.listenerHost}
          onValue={(listenerHost) => update({ listenerHost })}
          errors={errorsFor(errors, 'listener.host')}
        />
        <TextField
          id="listener-port"
          label={s.listenerPort}
          inputMode="numeric"
          value={draft.listenerPort}
          onValue={(listenerPort) => update({ listenerPort })}
          errors={errorsFor(errors, 'listener.port')}
        />
      </div>
      <p class="field-hint">{s.listenerHostHint}</p>
      <TextField
        id="listener-token"
        label={s.listenerToken}
        hint={s.listenerTokenHint}
        value={draft.listenerToken}
        onValue={(listenerToken) => update({ listenerToken })}
        errors={errorsFor(errors, 'listener.token')}
      />
    </Section>
  );
}
