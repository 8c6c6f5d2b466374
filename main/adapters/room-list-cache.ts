import { jsonArrayItems } from '../../shared/json-array-items';
import { RestRoom, toPolledRoom, type PolledRoom } from '../../shared/recorder/rest';

// The app's form of each checked room, kept with it: an unchanged room keeps the same object.
const polledOf = new WeakMap<RestRoom, PolledRoom>();

/** The app's form of a room from `GET /api/room`, converted once per change of the room. */
export function polledRoomOf(room: RestRoom): PolledRoom {
  let polled = polledOf.get(room);
  if (!polled) {
    polled = toPolledRoom(room);
    polledOf.set(room, polled);
  }
  return polled;
}

/** A room that fails the schema, with its place in the list. */
export interface RoomListFailure {
  index: number;
  raw: unknown;
  issues: RestRoomIssues;
}
type RestRoomIssues = NonNullable<ReturnType<typeof RestRoom.safeParse>['error']>['issues'];

/** What reading a list found: its rooms, or the first room the schema refuses. */
export type RoomListRead = { ok: true; rooms: RestRoom[] } | ({ ok: false } & RoomListFailure);

/**
 * The rooms of the last poll, by their JSON text: a room whose text did not change since (most of
 * them: only recording rooms' statistics move between polls) is neither parsed, validated nor
 * converted again, and keeps the very same objects. Parsing, checking and converting every room
 * made a 1,000-room cycle cost 5.5× a bare JSON.parse of the list (issue 21); splitting the list
 * into its rooms' texts (jsonArrayItems) and looking each up costs a fraction of parsing it.
 */
export class RoomListCache {
  #byText = new Map<string, RestRoom>();

  /**
   * Reads the body of `GET /api/room`; undefined when it is not a plain JSON array of objects
   * (the caller parses it whole and says what is wrong).
   */
  readText(text: string): RoomListRead | undefined {
    const items = jsonArrayItems(text);
    if (!items) return undefined;
    const next = new Map<string, RestRoom>();
    const rooms: RestRoom[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index]!;
      let room = this.#byText.get(item) ?? next.get(item);
      if (room === undefined) {
        let raw: unknown;
        try {
          raw = JSON.parse(item);
        } catch {
          return undefined;
        }
        const parsed = RestRoom.safeParse(raw);
        if (!parsed.success) return { ok: false, index, raw, issues: parsed.error.issues };
        room = parsed.data;
      }
      next.set(item, room);
      rooms.push(room);
    }
    this.#byText = next; // rooms gone from the list (or changed) are forgotten
    return { ok: true, rooms };
  }
}

/** Checks a parsed list room by room, without the cache (a body readText could not split). */
export function readRoomList(list: readonly unknown[]): RoomListRead {
  const rooms: RestRoom[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const parsed = RestRoom.safeParse(list[index]);
    if (!parsed.success) return { ok: false, index, raw: list[index], issues: parsed.error.issues };
    rooms.push(parsed.data);
  }
  return { ok: true, rooms };
}
