import { useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import { PathMappingsField } from './path-mappings-field';
import type { RecorderCardProps } from './recorder-card-props';

// The fields behind a recorder's disclosure, by their settings names.
const MORE_FIELDS = [
  'pollIntervalSeconds',
  'unreachableNotifyAfterMinutes',
  'rooms',
  'pathMappings',
];

/**
 * A recorder's polling interval, unreachable warning, rooms filter and path mappings: what most
 * users never change, behind a disclosure that opens by itself when one of them is wrong.
 */
export function RecorderMore({ index, recorder, errors, locked, onChange }: RecorderCardProps) {
  const { strings } = useApp();
  const s = strings.settings;
  const at = `recorders[${index}]`;
  const id = `recorder-${index}`;
  const [open, setOpen] = useState(false);
  const wrong = MORE_FIELDS.some((field) => errorsFor(errors, `${at}.${field}`).length > 0);
  return (
    <details
      class="recorder-more"
      open={open || wrong}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary class="recorder-more-title">{strings.recorders.more}</summary>
      <div class="field-pair">
        <TextField
          id={`${id}-poll`}
          label={s.pollInterval}
          inputMode="decimal"
          value={recorder.pollInterval}
          onValue={(pollInterval) => onChange({ pollInterval })}
          errors={errorsFor(errors, `${at}.pollIntervalSeconds`)}
          locked={locked(`${at}.pollIntervalSeconds`)}
        />
        <TextField
          id={`${id}-unreachable`}
          label={s.unreachableMinutes}
          inputMode="decimal"
          value={recorder.unreachableMinutes}
          onValue={(unreachableMinutes) => onChange({ unreachableMinutes })}
          errors={errorsFor(errors, `${at}.unreachableNotifyAfterMinutes`)}
          locked={locked(`${at}.unreachableNotifyAfterMinutes`)}
        />
      </div>
      <TextField
        id={`${id}-rooms`}
        label={s.pollRooms}
        hint={s.pollRoomsHint}
        inputMode="numeric"
        value={recorder.rooms}
        onValue={(rooms) => onChange({ rooms })}
        errors={errorsFor(errors, `${at}.rooms`)}
        locked={locked(`${at}.rooms`)}
      />
      <PathMappingsField
        id={`${id}-mapping`}
        path={`${at}.pathMappings`}
        mappings={recorder.pathMappings}
        onMappings={(pathMappings) => onChange({ pathMappings })}
        errors={errors}
      />
    </details>
  );
}
