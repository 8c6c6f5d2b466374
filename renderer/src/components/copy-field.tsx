import { Button } from './button';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../app-context';

/** A read-only text (the webhook URL) with a Copy button; without clipboard access, selects it. */
export function CopyField({
  id,
  label,
  value,
  buttonLabel,
}: {
  id: string;
  label: string;
  value: string;
  /** The Copy button's accessible name where several Copy buttons share a page. */
  buttonLabel?: string;
}) {
  const { strings } = useApp();
  const s = strings.settings;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setCopied(null), [value]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the text so that Ctrl+C works.
      input.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div class="field">
      <label for={id} class="field-label">
        {label}
      </label>
      <div class="input-with-button">
        <input
          ref={input}
          id={id}
          class="input input-mono"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button class="button-primary" aria-label={buttonLabel} onClick={() => void copy()}>
          {s.copy}
        </Button>
      </div>
      <p class="field-hint" role="status" aria-live="polite">
        {copied === 'yes' ? s.copied : copied === 'failed' ? s.copyFailed : ''}
      </p>
    </div>
  );
}
