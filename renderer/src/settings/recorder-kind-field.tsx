import { RECORDER_KINDS, RecorderKind } from '../../../shared/recorder-kind';
import { useApp } from '../app-context';
import { FieldNotes } from '../components/fields';

/** Which recorder program an entry is: a select of the kinds, each by its own name. */
export function RecorderKindField({
  id,
  value,
  onValue,
  errors,
  locked,
}: {
  id: string;
  value: RecorderKind;
  onValue: (kind: RecorderKind) => void;
  errors: readonly string[];
  /** Fixed by a launch option: shown, not changeable. */
  locked: boolean;
}) {
  const { strings } = useApp();
  const k = strings.recorderKinds;
  return (
    <div class={`field ${locked ? 'is-locked' : ''}`}>
      <label class="field-label" for={id}>
        {k.kind}
      </label>
      <select
        id={id}
        class="input"
        value={value}
        disabled={locked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const kind = RecorderKind.safeParse(event.currentTarget.value);
          if (kind.success) onValue(kind.data);
        }}
      >
        {RECORDER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {k.names[kind]}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={k.kindHint} errors={errors} />
    </div>
  );
}
