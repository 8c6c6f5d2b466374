import { Button } from '../components/button';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../app-context';

/**
 * Remove, which asks first and says that the recorder's history stays; the last recorder cannot
 * go (the app listens for at least one), and says why instead of offering the button.
 */
export function RecorderRemove({
  index,
  name,
  count,
  onRemove,
}: {
  index: number;
  name: string;
  count: number;
  onRemove: () => void;
}) {
  const { strings } = useApp();
  const r = strings.recorders;
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  // The question takes the focus, so that a keyboard user hears it and can answer at once.
  useLayoutEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);

  if (count <= 1) return <p class="field-hint recorder-last">{r.lastCannotGo}</p>;
  if (!asking)
    return (
      <div class="button-row">
        <Button class="button-danger" onClick={() => setAsking(true)}>
          {r.remove}
        </Button>
      </div>
    );
  return (
    <div class="recorder-confirm" role="group" aria-labelledby={`recorder-${index}-confirm`}>
      <p id={`recorder-${index}-confirm`} class="recorder-confirm-text" role="alert">
        {r.confirmRemove(name)}
      </p>
      <div class="button-row">
        <Button class="button-danger" onClick={onRemove}>
          {r.yesRemove}
        </Button>
        <button ref={cancel} type="button" class="button" onClick={() => setAsking(false)}>
          {r.cancel}
        </button>
      </div>
    </div>
  );
}
