import * as z from 'zod';

/**
 * How much a room matters to the user: `favourite` (pinned first, its own sound, optionally
 * through pause and quiet hours), `normal`, or `quiet` (kept in the history, never popped up).
 */
export const RoomTier = z.enum(['favourite', 'normal', 'quiet']);
/** A room's tier. */
export type RoomTier = z.infer<typeof RoomTier>;

/** The settings that hold the tiers: room numbers per tier (normal is every other room). */
export interface TierLists {
  favourites: readonly number[];
  quietRooms: readonly number[];
}

/** A room's tier as the settings say (a room in both lists counts as a favourite). */
export function roomTier(lists: TierLists, roomId: number): RoomTier {
  if (lists.favourites.includes(roomId)) return 'favourite';
  if (lists.quietRooms.includes(roomId)) return 'quiet';
  return 'normal';
}

/** The tier lists after setting one room's tier (it leaves the other list). */
export function withRoomTier(lists: TierLists, roomId: number, tier: RoomTier): TierLists {
  const without = (list: readonly number[]) => list.filter((id) => id !== roomId);
  return {
    favourites:
      tier === 'favourite' ? [...without(lists.favourites), roomId] : without(lists.favourites),
    quietRooms:
      tier === 'quiet' ? [...without(lists.quietRooms), roomId] : without(lists.quietRooms),
  };
}

/** Rooms with favourites first, in their order otherwise (a stable pin). */
export function favouritesFirst<T extends { roomId: number }>(
  rooms: readonly T[],
  favourites: readonly number[],
): T[] {
  const pinned = new Set(favourites);
  return [
    ...rooms.filter((r) => pinned.has(r.roomId)),
    ...rooms.filter((r) => !pinned.has(r.roomId)),
  ];
}
