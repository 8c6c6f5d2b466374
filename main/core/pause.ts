import type { PauseChoice } from '../../shared/app-state';
import { nextMorning } from '../../shared/quiet-until';

// Pauses: of every popup for a while (the tray's and window's "Pause"), or of one room's (a popup's
// "Mute 1 h"); the policy asks both of each happening.

/** `pausedUntil` for "until resumed": far enough to never end, and still valid JSON. */
export const PAUSED_FOREVER = 8_640_000_000_000_000; // the largest time a JS Date can hold

/**
 * The epoch ms a pause ends at, or null for "resume". "Tomorrow" means the next 08:00 local time,
 * so a pause set at 02:00 ends at 08:00 the same morning, which is what a person means by it.
 */
export function pausedUntilFor(choice: PauseChoice, now: number): number | null {
  switch (choice) {
    case 'hour':
      return now + 60 * 60 * 1000;
    case 'tomorrow':
      return nextMorning(now);
    case 'forever':
      return PAUSED_FOREVER;
    case 'resume':
      return null;
  }
}

/** Whether notifications are paused at `now`. */
export function isPaused(pausedUntil: number | null, now: number): boolean {
  return pausedUntil !== null && now < pausedUntil;
}

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
