/** The largest room number the recorder's `{roomId:int}` routes take (Int32). */
export const MAX_ROOM_NUMBER = 2_147_483_647;

/** What the user typed to add a room: its number, or why it is not one. */
export type LiveRoomInput =
  { ok: true; roomId: number } | { ok: false; reason: 'empty' | 'invalid' };

// A live room page: https://live.bilibili.com/<digits>, optionally `/h5/` (the mobile page), a
// trailing slash, a query (`?spm_id_from=…`, `?broadcast_type=0`) or a fragment.
const LIVE_URL = /^(?:https?:\/\/)?live\.bilibili\.com\/(?:h5\/)?(\d{1,10})\/?(?:[?#].*)?$/i;

/** Reads a room number, or a live room URL such as `https://live.bilibili.com/23058`. */
export function parseLiveRoomInput(text: string): LiveRoomInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const digits = /^\d{1,10}$/.test(trimmed) ? trimmed : LIVE_URL.exec(trimmed)?.[1];
  if (digits === undefined) return { ok: false, reason: 'invalid' };
  const roomId = Number(digits);
  return roomId > 0 && roomId <= MAX_ROOM_NUMBER
    ? { ok: true, roomId }
    : { ok: false, reason: 'invalid' };
}
