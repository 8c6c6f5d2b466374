import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { RoomState } from '../../../shared/model';
import type { MuteChoice } from '../../../shared/room-mute-choice';
import type { RoomTier } from '../../../shared/room-tier';
import { useApp } from '../app-context';
import { TierSelect } from '../components/tier-select';

const MUTE_CHOICES: readonly MuteChoice[] = ['hour', 'today', 'always'];

/**
 * A room row's buttons (reached by mouse or the row's keys, not by Tab): its tier, "don't
 * notify" (how long first; on a muted room it undoes) and open the live room.
 */
export function RoomActions({
  room,
  muted,
  tier,
  onTier,
  onMute,
  onOpenLive,
}: {
  room: RoomState;
  muted: boolean;
  tier: RoomTier;
  onTier?: ((room: RoomState, tier: RoomTier) => void) | undefined;
  onMute: (room: RoomState, choice: MuteChoice | null) => void;
  onOpenLive: (room: RoomState) => void;
}) {
  const { strings } = useApp();
  const [choosing, setChoosing] = useState(false);
  const l = strings.lists;
  return (
    <span class="room-actions">
      {onTier ? (
        <TierSelect roomId={room.roomId} tier={tier} onTier={(next) => onTier(room, next)} />
      ) : null}
      {choosing ? (
        MUTE_CHOICES.map((choice) => (
          <Button
            small
            key={choice}
            tabIndex={-1}
            onClick={() => {
              setChoosing(false);
              onMute(room, choice);
            }}
          >
            {l.muteFor[choice]}
          </Button>
        ))
      ) : (
        <button
          type="button"
          tabIndex={-1}
          class={`button button-small ${muted ? 'is-pressed' : ''}`}
          aria-pressed={muted}
          onClick={() => (muted ? onMute(room, null) : setChoosing(true))}
        >
          {l.dontNotify}
        </button>
      )}
      <Button small tabIndex={-1} onClick={() => onOpenLive(room)}>
        {strings.rooms.openLive}
      </Button>
    </span>
  );
}
