/** A room muted for a while ("Mute 1 h" on a popup), until epoch ms. */
export interface RoomMute {
  roomId: number;
  until: number;
}

/** How long the popup's "Mute 1 h" mutes a room. */
export const POPUP_MUTE_MS = 60 * 60 * 1000;

/** Whether a room is muted for a while at `now`. */
export function isRoomMutedAt(
  mutes: readonly RoomMute[] | undefined,
  roomId: number,
  now: number,
): boolean {
  return mutes?.some((mute) => mute.roomId === roomId && now < mute.until) ?? false;
}

/** The mutes after muting `roomId` until `until`: the room's earlier mute replaced, expired ones dropped. */
export function withRoomMuted(
  mutes: readonly RoomMute[],
  roomId: number,
  until: number,
  now: number,
): RoomMute[] {
  return [...mutes.filter((m) => m.roomId !== roomId && now < m.until), { roomId, until }];
}
