import { useState } from 'preact/hooks';
import type { ActionResult } from '../../../shared/ipc-contract';
import { parseLiveRoomInput } from '../../../shared/live-room-input';
import { useApp } from '../app-context';
import { roomControlsShown } from './room-controls';

/**
 * Adds a room to the recorder by its number or its live URL (`https://live.bilibili.com/<digits>`),
 * with auto-record on or off. Shown only while the recorder's API answers.
 */
export function AddRoomForm() {
  const { api, state, strings } = useApp();
  const c = strings.rooms.controls;
  const [text, setText] = useState('');
  const [autoRecord, setAutoRecord] = useState(true);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!roomControlsShown(state.recorder.status)) return null;

  const submit = (event: Event) => {
    event.preventDefault();
    const parsed = parseLiveRoomInput(text);
    if (!parsed.ok) {
      setResult({ ok: false, message: parsed.reason === 'empty' ? c.addEmpty : c.addInvalid });
      return;
    }
    setBusy(true);
    void api
      .roomAdd({ roomId: parsed.roomId, autoRecord })
      .then(
        (answer) => {
          setResult(answer);
          if (answer.ok) setText('');
        },
        (error: unknown) => setResult({ ok: false, message: String(error) }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <form class="add-room" aria-label={c.addTitle} onSubmit={submit}>
      <label class="add-room-field">
        <span>{c.addLabel}</span>
        <input
          type="text"
          inputMode="url"
          value={text}
          placeholder={c.addPlaceholder}
          aria-invalid={result?.ok === false}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <label class="room-switch">
        <input
          type="checkbox"
          role="switch"
          checked={autoRecord}
          onChange={(event) => setAutoRecord(event.currentTarget.checked)}
        />
        {c.addAutoRecord}
      </label>
      <button type="submit" class="button button-small" disabled={busy}>
        {c.add}
      </button>
      <p
        class={`status-line ${result?.ok === false ? 'status-error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {result?.message ?? ''}
      </p>
    </form>
  );
}
