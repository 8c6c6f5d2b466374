import { parseLiveRoomInput } from '../../../../shared/live-room-input';
import { platformRoomOfUrl } from '../../../../shared/platforms';

/** A room as the phone may name it. */
export interface NamedRoom {
  roomId: number;
  shortId?: number;
  name: string;
  /** Another platform's room: its platform and that platform's own key of the room. */
  platform?: string | undefined;
  platformRoom?: string | undefined;
}

/** The room a phone's words name, or why none: unknown, or several fit (with the choices). */
export type RoomNaming =
  | { ok: true; roomId: number }
  | { ok: false; reason: 'unknown' | 'ambiguous'; choices: NamedRoom[] };

/** How many choices an answer lists at most (a chat message stays readable). */
export const MAX_CHOICES = 10;

/**
 * Reads a room named by number (its id or short id), by live URL, or by a unique prefix of the
 * streamer's name (case folded). A number no room has is still taken: the recorder may have it
 * (it answers "no such room" otherwise).
 */
export function nameRoom(words: string, rooms: readonly NamedRoom[]): RoomNaming {
  const byNumber = parseLiveRoomInput(words);
  const known =
    byNumber.ok && rooms.find((r) => r.roomId === byNumber.roomId || r.shortId === byNumber.roomId);
  if (known) return { ok: true, roomId: known.roomId };
  const other = otherPlatformRoom(words.trim(), rooms);
  if (other) return { ok: true, roomId: other.roomId };
  if (byNumber.ok) return { ok: true, roomId: byNumber.roomId };
  const wanted = words.trim().toLocaleLowerCase();
  const unique = distinct(rooms);
  const exact = unique.filter((r) => r.name.toLocaleLowerCase() === wanted);
  if (exact.length === 1) return { ok: true, roomId: exact[0]!.roomId };
  const fitting = unique.filter(
    (r) => wanted !== '' && r.name.toLocaleLowerCase().startsWith(wanted),
  );
  if (fitting.length === 1) return { ok: true, roomId: fitting[0]!.roomId };
  if (fitting.length > 1)
    return { ok: false, reason: 'ambiguous', choices: fitting.slice(0, MAX_CHOICES) };
  return { ok: false, reason: 'unknown', choices: unique.slice(0, MAX_CHOICES) };
}

// Another platform's room named by its own key ("123456789" on Douyin) or by its page's URL.
function otherPlatformRoom(said: string, rooms: readonly NamedRoom[]): NamedRoom | undefined {
  const byKey = rooms.find((r) => r.platform !== undefined && r.platformRoom === said);
  if (byKey || !/^https?:\/\//i.test(said)) return byKey;
  const { roomId } = platformRoomOfUrl(said, '');
  return rooms.find((r) => r.platform !== undefined && r.roomId === roomId);
}

// A room on two recorders (a hot standby) is one room to the phone.
function distinct(rooms: readonly NamedRoom[]): NamedRoom[] {
  const seen = new Map<number, NamedRoom>();
  for (const room of rooms) if (!seen.has(room.roomId)) seen.set(room.roomId, room);
  return [...seen.values()];
}
