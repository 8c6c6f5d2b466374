import type { ComponentChildren } from 'preact';
import { localizeSchemaMessage } from '../../../shared/i18n/schema-messages';
import { useApp } from '../app-context';

/** Props shared by the labelled form fields. */
interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  errors?: readonly string[] | undefined;
}

function describedBy(
  id: string,
  hint: string | undefined,
  errors: readonly string[],
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errors.length > 0 ? `${id}-errors` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's hint and its errors (`message` only; the path is the field itself). */
export function FieldNotes({
  id,
  hint,
  errors,
}: {
  id: string;
  hint?: string | undefined;
  errors: readonly string[];
}) {
  const { language } = useApp();
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} class="field-hint">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <ul id={`${id}-errors`} class="field-errors" role="alert">
          {errors.map((error) => (
            <li key={error}>{localizeSchemaMessage(error, language)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A labelled text input (with `rows`, a text box of several lines) with its hint and errors. */
export function TextField({
  id,
  label,
  hint,
  errors = [],
  value,
  onValue,
  type = 'text',
  placeholder,
  inputMode,
  autoComplete = 'off',
  locked = false,
  onBlur,
  rows,
  children,
}: FieldProps & {
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'password' | 'url';
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'url' | 'text';
  autoComplete?: string;
  /** Fixed by a launch option: shown, not editable, and said so. */
  locked?: boolean;
  onBlur?: () => void;
  /** Lines of a text box (one argument or one word a line) instead of a one-line input. */
  rows?: number;
  /** A button beside the input (Generate token). */
  children?: ComponentChildren;
}) {
  const { strings } = useApp();
  const shownHint = locked ? [hint, strings.setup.lockedHint].filter(Boolean).join(' ') : hint;
  // What a one-line input and a text box share: the value, the lock and the error wiring.
  const shared = {
    id,
    value,
    spellcheck: false,
    readOnly: locked,
    'aria-invalid': errors.length > 0 ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, shownHint, errors),
    onInput: (event: { currentTarget: { value: string } }) => onValue(event.currentTarget.value),
    onBlur,
  };
  const input = rows ? (
    <textarea {...shared} class="input textarea" rows={rows} />
  ) : (
    <input
      {...shared}
      class="input"
      type={type}
      placeholder={placeholder}
      inputMode={inputMode}
      autoComplete={autoComplete}
    />
  );
  return (
    <div class={`field ${locked ? 'is-locked' : ''}`}>
      <label for={id} class="field-label">
        {label}
        {locked ? (
          <span class="lock-mark" aria-hidden="true">
            {' 🔒'}
          </span>
        ) : null}
      </label>
      {children ? (
        <div class="input-with-button">
          {input}
          {children}
        </div>
      ) : (
        input
      )}
      <FieldNotes id={id} hint={shownHint} errors={errors} />
    </div>
  );
}

/** A labelled checkbox (a switch in the settings). */
export function CheckField({
  id,
  label,
  checked,
  onChecked,
  hint,
  errors = [],
  disabled = false,
}: FieldProps & {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div class="field field-check">
      <input
        id={id}
        type="checkbox"
        class="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, errors)}
        onChange={(event) => onChecked(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** A group of fields under a heading. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ComponentChildren;
}) {
  return (
    <section class="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} class="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
