import { Button } from '../components/button';
import { useApp } from '../app-context';

/** What the save bar says: nothing to save, unsaved edits, saving, saved, or invalid. */
export type SaveStatus = 'clean' | 'dirty' | 'saving' | 'saved' | 'invalid';

/** The bar under the settings: unsaved / saved / invalid, errors no field claims, Save and Discard. */
export function SaveBar({
  status,
  otherErrors,
  onSave,
  onDiscard,
}: {
  status: SaveStatus;
  otherErrors: readonly string[];
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { strings } = useApp();
  const s = strings.settings;
  const note: Record<SaveStatus, string> = {
    clean: '',
    dirty: s.unsaved,
    saving: s.saving,
    saved: s.saved,
    invalid: s.invalid,
  };
  const editable = status === 'dirty' || status === 'invalid';
  return (
    <div class={`save-bar save-${status}`}>
      <div class="save-note" role="status" aria-live="polite">
        <span>{note[status]}</span>
        {otherErrors.length > 0 ? (
          <ul class="field-errors" tabIndex={-1}>
            {otherErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button disabled={!editable} onClick={onDiscard}>
        {s.discard}
      </Button>
      <Button class="button-primary" disabled={!editable} onClick={onSave}>
        {s.save}
      </Button>
    </div>
  );
}
