import { roomOutcomeText } from '../../../shared/i18n/room-commands';
import type { ActionResult, ContractHandlers } from '../../../shared/ipc-contract';
import { withRoomTier, type RoomTier } from '../../../shared/room-tier';
import { quietUntilFor } from '../../../shared/quiet-until';
import type { RoomHandlerDeps } from './rooms';

/** What the tier and quiet-time handlers use. */
export type AttentionDeps = Pick<
  RoomHandlerDeps,
  'clock' | 'settings' | 'language' | 'store' | 'stateChanged'
>;

/** Sets a room's tier in the settings (the Rooms view's row, the popup's "★"). */
export async function setRoomTier(
  deps: AttentionDeps,
  roomId: number,
  tier: RoomTier,
): Promise<ActionResult> {
  const { favourites, quietRooms } = deps.settings().notifications;
  const lists = withRoomTier({ favourites, quietRooms }, roomId, tier);
  const result = await deps.store.update({
    notifications: { favourites: [...lists.favourites], quietRooms: [...lists.quietRooms] },
  });
  deps.stateChanged();
  const outcome = tier === 'favourite' ? 'favourited' : tier === 'quiet' ? 'quieted' : 'tierNormal';
  return result.ok
    ? { ok: true, message: roomOutcomeText(outcome, deps.language(), roomId) }
    : { ok: false, message: roomOutcomeText('actionFailed', deps.language(), roomId) };
}

/** Tiers per room and "quiet until" (the tray's and the window's). */
export function attentionHandlers(
  deps: AttentionDeps,
): Pick<ContractHandlers, 'room:setTier' | 'notifications:quietUntil'> {
  return {
    'room:setTier': ({ roomId, tier }) => setRoomTier(deps, roomId, tier),
    'notifications:quietUntil': async ({ until }) => {
      const quietUntil = quietUntilFor(until, deps.clock());
      await deps.store.update({ notifications: { quietUntil } });
      deps.stateChanged();
      return { quietUntil };
    },
  };
}
