import { useState } from 'preact/hooks';
import type { CallResult } from '../../../shared/ipc-contract';
import { parseLiveRoomInput } from '../../../shared/live-room-input';
import { useApp } from '../app-context';
import { managesRoomsNow } from '../../../shared/kind-abilities';
import { StatusLine } from './status-line';

/**
 * Adds a room to the recorder by its number or its live URL (`https://live.bilibili.com/<digits>`),
 * with auto-record on or off. Shown only while a BililiveRecorder's API answers; where several do, the
 * user picks the recorder to add it to.
 */
export function AddRoomForm() {
  const { api, state, strings } = useApp();
  const c = strings.rooms.controls;
  const [text, setText] = useState('');
  const [autoRecord, setAutoRecord] = useState(true);
  const [result, setResult] = useState<CallResult | null>(null);
  const [busy, setBusy] = useState(false);
  const recorders = state.recorders.filter(managesRoomsNow);
  const [chosen, setChosen] = useState<string | null>(null);
  if (recorders.length === 0) return null;
  // The chosen recorder while it still answers, else the first that does.
  const recorderId = recorders.find((r) => r.id === chosen)?.id ?? recorders[0]!.id;

  const submit = (event: Event) => {
    event.preventDefault();
    const parsed = parseLiveRoomInput(text);
    if (!parsed.ok) {
      setResult({ ok: false, message: parsed.reason === 'empty' ? c.addEmpty : c.addInvalid });
      return;
    }
    setBusy(true);
    void api
      .roomAdd({ roomId: parsed.roomId, autoRecord, recorderId })
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
      {recorders.length > 1 ? (
        <label class="add-room-field">
          <span>{strings.rooms.addTo}</span>
          <select
            id="add-room-recorder"
            class="input"
            value={recorderId}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {recorders.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
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
      <StatusLine text={result?.message ?? null} tone={result?.ok === false ? 'error' : 'info'} />
    </form>
  );
}
