import * as z from 'zod';

/**
 * The buttons a notification can carry, by id (docs/user-guide.md, "Act from the popup", lists them): `record` starts recording
 * the room, `openRoom` opens its live page, `mute` mutes its popups for an hour, `open` / `show`
 * open a finished file or show it in its folder, `openWindow` opens the app's window, `favourite`
 * ("★") makes the room a favourite (shared/room-tier.ts).
 */
export const PopupButton = z.enum([
  'record',
  'openRoom',
  'mute',
  'open',
  'show',
  'openWindow',
  'favourite',
]);
/** A notification button id. */
export type PopupButton = z.infer<typeof PopupButton>;
