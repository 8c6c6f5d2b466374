/** A polite live region for what an action did ("Copied", a refusal in plain words). */
export function StatusLine({
  text,
  tone = 'info',
}: {
  text: string | null;
  tone?: 'info' | 'error';
}) {
  return (
    <p
      class={`status-line ${tone === 'error' ? 'status-error' : ''}`}
      role="status"
      aria-live="polite"
    >
      {text ?? ''}
    </p>
  );
}
