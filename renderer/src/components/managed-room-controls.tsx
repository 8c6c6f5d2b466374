import { Button } from './button';
import type { CallResult } from '../../../shared/ipc-contract';
import type { RoomState } from '../../../shared/model';
import { useApp } from '../app-context';

/** What the managed controls need of the row's own controls. */
interface ManagedControlsProps {
  room: RoomState;
  busy: boolean;
  run: (call: () => Promise<CallResult>) => void;
  command: (cmd: 'split' | 'refresh') => void;
  /** Asks before removing the room. */
  confirmRemove: () => void;
}

/**
 * The room commands only BililiveRecorder's API has: split while recording, refresh, the
 * auto-record switch and remove (other kinds are offered start and stop alone,
 * shared/kind-abilities.ts).
 */
export function ManagedControls({ room, busy, run, command, confirmRemove }: ManagedControlsProps) {
  const { api, strings } = useApp();
  const c = strings.rooms.controls;
  const { roomId, recorderId } = room;
  return (
    <>
      {room.recording ? (
        <Button small disabled={busy} onClick={() => command('split')}>
          {c.split}
        </Button>
      ) : null}
      <Button small disabled={busy} onClick={() => command('refresh')}>
        {c.refresh}
      </Button>
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
      <Button small disabled={busy} onClick={confirmRemove}>
        {c.remove}
      </Button>
    </>
  );
}
