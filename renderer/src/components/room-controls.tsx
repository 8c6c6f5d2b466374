import { useState } from 'preact/hooks';
import type { CallResult } from '../../../shared/ipc-contract';
import type { RecorderStatusKind } from '../../../shared/app-state';
import type { RoomState } from '../../../shared/model';
import { apiAnswers } from '../../../shared/recorder/connection-status';
import { useApp } from '../app-context';
import { recorderOfRoom } from '../recorder-rooms';
import '../styles/room-controls.css';

type Confirming = 'stop' | 'remove' | null;

/** Whether the room controls show: the recorder's API answered the last poll or check. */
export function roomControlsShown(status: RecorderStatusKind): boolean {
  return apiAnswers(status);
}

/** The question before stop or remove: what it will do to the room, yes or cancel. */
function RoomConfirm({
  name,
  stop,
  onYes,
  onCancel,
}: {
  name: string;
  /** Stop the recording (else remove the room). */
  stop: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  const c = useApp().strings.rooms.controls;
  return (
    <div class="room-line room-controls is-confirming" role="group" aria-label={c.label(name)}>
      <span class="room-confirm-text" role="alert">
        {stop ? c.confirmStop(name) : c.confirmRemove(name)}
      </span>
      <button type="button" class="button button-small button-danger" onClick={onYes}>
        {stop ? c.yesStop : c.yesRemove}
      </button>
      <button type="button" class="button button-small" onClick={onCancel}>
        {c.cancel}
      </button>
    </div>
  );
}

/**
 * The recorder's commands on one room: start while live and not recording, stop and
 * split while recording, refresh, the auto-record switch and remove. Stop and remove ask first.
 * Shown only while the API of the recorder that has the room answers; every command names that
 * recorder (a room on two recorders is two rows, each with its own). What each did is said in the row.
 */
export function RoomControls({ room }: { room: RoomState }) {
  const { api, state, strings } = useApp();
  const c = strings.rooms.controls;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [result, setResult] = useState<CallResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!roomControlsShown(recorderOfRoom(state, room)?.status ?? state.recorder.status)) return null;
  const name = room.name || String(room.roomId);
  const { roomId, recorderId } = room;

  const run = (call: () => Promise<CallResult>) => {
    setBusy(true);
    setConfirming(null);
    void call()
      .then(setResult, (error: unknown) => setResult({ ok: false, message: String(error) }))
      .finally(() => setBusy(false));
  };
  const command = (cmd: 'start' | 'stop' | 'split' | 'refresh') =>
    run(() => api.roomCommand({ roomId, recorderId, command: cmd }));

  if (confirming !== null) {
    const stop = confirming === 'stop';
    return (
      <RoomConfirm
        name={name}
        stop={stop}
        onYes={() =>
          run(() =>
            stop
              ? api.roomCommand({ roomId, recorderId, command: 'stop' })
              : api.roomRemove({ roomId, recorderId }),
          )
        }
        onCancel={() => setConfirming(null)}
      />
    );
  }
  return (
    <div class="room-line room-controls" role="group" aria-label={c.label(name)}>
      {room.streaming && !room.recording ? (
        <button
          type="button"
          class="button button-small"
          disabled={busy}
          onClick={() => command('start')}
        >
          {c.start}
        </button>
      ) : null}
      {room.recording ? (
        <>
          <button
            type="button"
            class="button button-small"
            disabled={busy}
            onClick={() => setConfirming('stop')}
          >
            {c.stop}
          </button>
          <button
            type="button"
            class="button button-small"
            disabled={busy}
            onClick={() => command('split')}
          >
            {c.split}
          </button>
        </>
      ) : null}
      <button
        type="button"
        class="button button-small"
        disabled={busy}
        onClick={() => command('refresh')}
      >
        {c.refresh}
      </button>
      <label class="room-switch">
        <input
          type="checkbox"
          role="switch"
          checked={room.autoRecord === true}
          disabled={busy}
          onChange={(event) =>
            run(() =>
              api.roomSetAutoRecord({
                roomId,
                recorderId,
                autoRecord: event.currentTarget.checked,
              }),
            )
          }
        />
        {c.autoRecord}
      </label>
      <button
        type="button"
        class="button button-small"
        disabled={busy}
        onClick={() => setConfirming('remove')}
      >
        {c.remove}
      </button>
      <span
        class={`room-control-result ${result?.ok === false ? 'is-error' : ''}`}
        role="status"
        aria-live="polite"
        title={result?.message ?? ''}
      >
        {result?.message ?? ''}
      </span>
    </div>
  );
}
