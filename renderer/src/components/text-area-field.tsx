import { FieldNotes } from './fields';

/** A labelled text box of several lines (one argument or one word a line), with hint and errors. */
export function TextAreaField({
  id,
  label,
  hint,
  errors = [],
  value,
  onValue,
  rows = 3,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  errors?: readonly string[] | undefined;
  value: string;
  onValue: (value: string) => void;
  rows?: number;
}) {
  const described = [hint ? `${id}-hint` : '', errors.length > 0 ? `${id}-errors` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class="field">
      <label for={id} class="field-label">
        {label}
      </label>
      <textarea
        id={id}
        class="input textarea"
        rows={rows}
        value={value}
        spellcheck={false}
        aria-invalid={errors.length > 0 ? 'true' : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => onValue(event.currentTarget.value)}
      />
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}
