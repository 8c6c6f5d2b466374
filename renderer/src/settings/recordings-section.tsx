import { useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { StatusLine } from '../components/status-line';
import { Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Where the recordings are on this computer (path mappings are in Advanced). */
export function RecordingsSection({ draft, update, errors, locked }: SectionProps) {
  const { strings, api, info } = useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const s = strings.settings;

  return (
    <Section id="settings-recordings" title={s.filesSection}>
      <TextField
        id="recording-root"
        label={s.recordingRoot}
        hint={s.recordingRootHint}
        value={draft.recordingRoot}
        onValue={(recordingRoot) => update({ recordingRoot })}
        errors={errorsFor(errors, 'recorders[0].recordingRoot')}
        locked={locked('recorders[0].recordingRoot')}
      />
      {info?.canPickFolder && !locked('recorders[0].recordingRoot') ? (
        <button
          type="button"
          class="button button-small"
          onClick={() => {
            setFailure(null);
            api.folderPick({ current: draft.recordingRoot }).then(
              ({ path }) => {
                if (path !== null) update({ recordingRoot: path });
              },
              (error: unknown) => setFailure(String(error)),
            );
          }}
        >
          {s.chooseFolder}
        </button>
      ) : null}
      <StatusLine text={failure} tone="error" />
    </Section>
  );
}
