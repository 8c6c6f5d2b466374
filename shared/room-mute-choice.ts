import type { Settings } from './settings';

/** How long "don't notify" lasts for a room: an hour, the rest of today, or until undone. */
export type MuteChoice = 'hour' | 'today' | 'always';

type Notifications = Pick<Settings['notifications'], 'mutedRooms' | 'mutedRoomsUntil'>;

/** Whether a room is not notified at `now`: always, or for a while that has not ended. */
export function isRoomMuted(notifications: Notifications, roomId: number, now: number): boolean {
  return (
    notifications.mutedRooms.includes(roomId) ||
    notifications.mutedRoomsUntil.some((m) => m.roomId === roomId && now < m.until)
  );
}

/** The end of the local day `now` falls in (a mute for "today"). */
export function endOfDay(now: number): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
}

/**
 * The settings change that mutes a room as chosen (`null`: notify it again), replacing whatever
 * mute it had; expired timed mutes are dropped on the way.
 */
export function roomMutePatch(
  notifications: Notifications,
  roomId: number,
  choice: MuteChoice | null,
  now: number,
): Notifications {
  const mutedRooms = notifications.mutedRooms.filter((id) => id !== roomId);
  const mutedRoomsUntil = notifications.mutedRoomsUntil.filter(
    (m) => m.roomId !== roomId && now < m.until,
  );
  if (choice === 'always') mutedRooms.push(roomId);
  if (choice === 'hour') mutedRoomsUntil.push({ roomId, until: now + 3_600_000 });
  if (choice === 'today') mutedRoomsUntil.push({ roomId, until: endOfDay(now) });
  return { mutedRooms, mutedRoomsUntil };
}
