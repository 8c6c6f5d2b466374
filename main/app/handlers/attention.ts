import { roomOutcomeText } from '../../../shared/i18n/room-commands';
import type { CallResult, ContractHandlers } from '../../../shared/ipc-contract';
import { withRoomTier, type RoomTier } from '../../../shared/room-tier';
import { quietUntilFor } from '../../../shared/quiet-until';
import type { SettingsStore } from '../../adapters/settings-store';
import type { HandlerDeps } from './handler-deps';

/** What the tier and quiet-time handlers use (the app object's HandlerDeps fits). */
export type AttentionDeps = Pick<
  HandlerDeps,
  'clock' | 'settings' | 'language' | 'stateChanged'
> & {
  store: Pick<SettingsStore, 'update'>;
};

/** Sets a room's tier in the settings (the Rooms view's row, the popup's "★"). */
export async function setRoomTier(
  deps: AttentionDeps,
  roomId: number,
  tier: RoomTier,
): Promise<CallResult> {
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
