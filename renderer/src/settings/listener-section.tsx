import { useApp } from '../app-context';
import { ConnectionLights } from '../components/connection-lights';
import { CopyField } from '../components/copy-field';
import { Section } from '../components/fields';

/**
 * The connection at a glance (webhooks, API, files) and the webhook URL to paste into the
 * recorder, first: it is the one step every user needs. Where the listener binds is in Advanced.
 */
export function ListenerSection() {
  const { state, strings } = useApp();
  const s = strings.settings;
  const { listener } = state;
  return (
    <Section id="settings-connection" title={strings.setup.connectionSection}>
      <ConnectionLights />
      <CopyField id="webhook-url" label={s.webhookUrl} value={listener.webhookUrl} />
      <p class="field-hint">{s.pasteWhere}</p>
      {listener.error ? (
        <p class="field-errors" role="alert">
          {strings.header.listenerDown('')}
          <span data-content>{listener.error}</span>
        </p>
      ) : null}
    </Section>
  );
}
