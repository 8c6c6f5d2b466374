import { Button } from '../components/button';
import { generateToken } from '../../../shared/settings-rules';
import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Paths whose errors open the Advanced section (its fields are hidden while it is closed). */
export const ADVANCED_PATHS = ['listener.host', 'listener.port', 'listener.token'];

/**
 * Listener address, port and token (with Generate): what most users never change, behind a
 * disclosure with plain hints. Opens by itself when one of them is wrong. (Each recorder's
 * polling and path mappings are on its card in Settings → Recorders.)
 */
export function AdvancedSection(
  props: SectionProps & { open: boolean; onOpen: (open: boolean) => void },
) {
  const { draft, update, errors, locked, open, onOpen } = props;
  const { strings } = useApp();
  const s = strings.settings;
  return (
    <details
      class="settings-section advanced"
      open={open}
      onToggle={(event) => onOpen(event.currentTarget.open)}
    >
      <summary class="section-title">{strings.setup.advanced}</summary>
      <p class="field-hint">{strings.setup.advancedHint}</p>
      <div class="field-pair">
        <TextField
          id="listener-host"
          label={s.listenerHost}
          value={draft.listenerHost}
          onValue={(listenerHost) => update({ listenerHost })}
          errors={errorsFor(errors, 'listener.host')}
          locked={locked('listener.host')}
        />
        <TextField
          id="listener-port"
          label={s.listenerPort}
          inputMode="numeric"
          value={draft.listenerPort}
          onValue={(listenerPort) => update({ listenerPort })}
          errors={errorsFor(errors, 'listener.port')}
          locked={locked('listener.port')}
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
        locked={locked('listener.token')}
      >
        {locked('listener.token') ? null : (
          <Button
            onClick={() =>
              update({ listenerToken: generateToken((bytes) => crypto.getRandomValues(bytes)) })
            }
          >
            {strings.setup.generateToken}
          </Button>
        )}
      </TextField>
    </details>
  );
}
