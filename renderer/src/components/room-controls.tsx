import { Button } from './button';
import { useState } from 'preact/hooks';
import type { CallResult } from '../../../shared/ipc-contract';
import type { RoomState } from '../../../shared/model';
import {
  managesRoomsNow,
  startsRooms,
  type CommandableRecorder,
} from '../../../shared/kind-abilities';
import { useApp } from '../app-context';
import { recorderOfRoom } from '../recorder-rooms';
import { ManagedControls } from './managed-room-controls';
import '../styles/room-controls.css';

type Confirming = 'stop' | 'remove' | null;

/**
 * Whether the room controls show: the recorder can be told to start or stop now, or (only
 * BililiveRecorder) its API answered the last poll or check (shared/kind-abilities.ts).
 */
export function roomControlsShown(recorder: CommandableRecorder): boolean {
  return startsRooms(recorder) || managesRoomsNow(recorder);
}

/** The recorder of a room as the controls judge it; the recorders' light where none is known. */
export function commandableOf(
  recorder: CommandableRecorder | undefined,
  status: CommandableRecorder['status'],
): CommandableRecorder {
  return recorder ?? { status, url: '' };
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
      <Button small class="button-danger" onClick={onYes}>
        {stop ? c.yesStop : c.yesRemove}
      </Button>
      <Button small onClick={onCancel}>
        {c.cancel}
      </Button>
    </div>
  );
}

/**
 * The recorder's commands on one room: start while live and not recording, stop while recording
 * (blrec and bililive-go: these alone); BililiveRecorder's also split, refresh, the auto-record
 * switch and remove. Stop and remove ask first. Shown only while the recorder that has the room
 * can be told (roomControlsShown); every command names that recorder (a room on two recorders is
 * two rows, each with its own). What each did is said in the row.
 */
export function RoomControls({ room }: { room: RoomState }) {
  const { api, state, strings } = useApp();
  const c = strings.rooms.controls;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [result, setResult] = useState<CallResult | null>(null);
  const [busy, setBusy] = useState(false);
  const recorder = commandableOf(recorderOfRoom(state, room), state.recorder.status);
  if (!roomControlsShown(recorder)) return null;
  // What the recorder's kind can be told: blrec and bililive-go start and stop only.
  const starts = startsRooms(recorder);
  const manages = managesRoomsNow(recorder);
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
      {starts && room.streaming && !room.recording ? (
        <Button small disabled={busy} onClick={() => command('start')}>
          {c.start}
        </Button>
      ) : null}
      {starts && room.recording ? (
        <Button small disabled={busy} onClick={() => setConfirming('stop')}>
          {c.stop}
        </Button>
      ) : null}
      {manages ? (
        <ManagedControls
          room={room}
          busy={busy}
          run={run}
          command={command}
          confirmRemove={() => setConfirming('remove')}
        />
      ) : null}
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
