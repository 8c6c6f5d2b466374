import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';

/** Where a recorder's recordings are on this computer, with the folder picker where there is one. */
export function RecordingRootField({
  id,
  value,
  onValue,
  errors,
  locked,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  errors: readonly string[];
  locked: boolean;
}) {
  const { strings, api, info } = useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const s = strings.settings;
  return (
    <>
      <TextField
        id={id}
        label={s.recordingRoot}
        hint={s.recordingRootHint}
        value={value}
        onValue={onValue}
        errors={errors}
        locked={locked}
      />
      {info?.canPickFolder && !locked ? (
        <Button
          small
          onClick={() => {
            setFailure(null);
            api.folderPick({ current: value }).then(
              ({ path }) => {
                if (path !== null) onValue(path);
              },
              (error: unknown) => setFailure(String(error)),
            );
          }}
        >
          {s.chooseFolder}
        </Button>
      ) : null}
      <StatusLine text={failure} tone="error" />
    </>
  );
}
