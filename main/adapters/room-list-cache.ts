import { jsonEqual } from '../../shared/json-equal';
import { RestRoom, toPolledRoom, type PolledRoom } from '../../shared/recorder/rest';

/** A room as the last poll read it: the recorder's JSON and the checked room. */
interface CachedRoom {
  raw: unknown;
  room: RestRoom;
}

/** A room that fails the schema, with its place in the list. */
export interface RoomListFailure {
  index: number;
  raw: unknown;
  issues: RestRoomIssues;
}
type RestRoomIssues = NonNullable<ReturnType<typeof RestRoom.safeParse>['error']>['issues'];

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

/**
 * The rooms of the last poll, by room id: a room whose JSON did not change since (most of them:
 * only recording rooms' statistics move between polls) is neither validated nor converted again,
 * and keeps the very same objects. Checking and converting every room took 2.9× a bare JSON.parse
 * of a 1,000-room list, the whole cycle 5.5× (issue 21); comparing a room's JSON with the last
 * costs a fraction of validating it.
 */
export class RoomListCache {
  #byId = new Map<unknown, CachedRoom>();

  /** Checks a list as `GET /api/room` answered it; the first room that fails the schema fails it. */
  read(
    list: readonly unknown[],
  ): { ok: true; rooms: RestRoom[] } | ({ ok: false } & RoomListFailure) {
    const next = new Map<unknown, CachedRoom>();
    const rooms: RestRoom[] = [];
    for (let index = 0; index < list.length; index += 1) {
      const raw = list[index];
      const id = (raw as { roomId?: unknown } | null)?.roomId;
      let cached = this.#byId.get(id);
      if (cached === undefined || !jsonEqual(cached.raw, raw)) {
        const parsed = RestRoom.safeParse(raw);
        if (!parsed.success) return { ok: false, index, raw, issues: parsed.error.issues };
        cached = { raw, room: parsed.data };
      }
      next.set(id, cached);
      rooms.push(cached.room);
    }
    this.#byId = next; // rooms gone from the list are forgotten
    return { ok: true, rooms };
  }
}
