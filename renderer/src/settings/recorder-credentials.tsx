import { useApp } from '../app-context';
import { TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { RecorderCardProps } from './recorder-card-props';

/**
 * How the app signs in to a recorder's API: Basic auth's user name and password, or for blrec
 * its API key alone (kept in the same `password`, which its WebSocket and its task commands send
 * as `x-api-key`). Both are masked.
 */
export function RecorderCredentials({
  index,
  recorder,
  errors,
  locked,
  onChange,
}: RecorderCardProps) {
  const { strings } = useApp();
  const s = strings.settings;
  const at = `recorders[${index}]`;
  const id = `recorder-${index}`;
  const password = {
    type: 'password' as const,
    autoComplete: 'new-password',
    value: recorder.password,
    onValue: (value: string) => onChange({ password: value }),
    errors: errorsFor(errors, `${at}.password`),
    locked: locked(`${at}.password`),
  };
  if (recorder.kind === 'blrec')
    return (
      <TextField
        id={`${id}-api-key`}
        label={strings.recorderKinds.apiKey}
        hint={strings.recorderKinds.apiKeyHint}
        {...password}
      />
    );
  return (
    <div class="field-pair">
      <TextField
        id={`${id}-user`}
        label={s.username}
        value={recorder.username}
        onValue={(username) => onChange({ username })}
        errors={errorsFor(errors, `${at}.username`)}
        locked={locked(`${at}.username`)}
      />
      <TextField id={`${id}-pass`} label={s.password} {...password} />
    </div>
  );
}
