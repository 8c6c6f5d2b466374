import { jsonArrayItems } from '../../shared/json-array-items';
import { BodyBuffer } from './body-buffer';
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

/**
 * What reading a list found: the rooms the schema takes, and those it refuses (one odd room must
 * not hide all the others); or, when it refuses every room of the list, the first of them (the
 * recorder's format likely changed, which is the recorder's trouble as a whole).
 */
export type RoomListRead =
  | { ok: true; rooms: RestRoom[]; unreadable: RoomListFailure[] }
  | ({ ok: false } & RoomListFailure);

/**
 * A room of the last list: where its text lies in that list's bytes, their hash, and what it read
 * as: the checked room, or what the schema said of it (so an unchanged odd room is not parsed again).
 */
interface CachedRoom {
  start: number;
  end: number;
  hash: number;
  read: RoomRead;
}

/** One room as read: the checked room, or what the schema said of it. */
type RoomRead = { room: RestRoom; failure?: undefined } | { failure: RoomListFailure };

/**
 * The rooms of the last poll, by the bytes of their JSON: a room whose bytes did not change since
 * (most of them: only recording rooms' statistics move between polls) is neither decoded, parsed,
 * validated nor converted again, and keeps the very same objects. Each room is compared with the
 * room at the same place in the last list, byte for byte, before anything is scanned; only the
 * rooms that differ are scanned, then looked up by hash (a room that moved, as when another was
 * added or removed before it), and parsed when new. Decoding the whole list to a string, splitting
 * it and looking each text up cost more than a bare JSON.parse of it (issue 21).
 */
export class RoomListCache {
  /** A copy of the last list read whole, to compare the next one with (its buffer reused). */
  readonly #kept = new BodyBuffer();
  #body: Buffer = Buffer.alloc(0);
  /** Its rooms, in its order: all that is kept, so rooms gone from the list are forgotten. */
  #rooms: CachedRoom[] = [];

  /**
   * Reads the body of `GET /api/room` (a copy is kept: the caller may reuse its bytes); undefined
   * when it is not a plain JSON array of JSON items (the caller parses it whole and says what is
   * wrong). After a list whose every room fails, the last other list stays the one compared with.
   */
  read(body: Uint8Array): RoomListRead | undefined {
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const last = this.#body;
    const previous = this.#rooms;
    const unchanged: (CachedRoom | undefined)[] = [];
    const spans = jsonArrayItems(bytes, (at, index) => {
      const same = previous[index];
      if (same === undefined || !sameBytes(bytes, at, last, same)) return -1;
      unchanged[index] = same;
      return same.end - same.start;
    });
    if (!spans) return undefined;
    let byHash: Map<number, CachedRoom> | undefined;
    const cached: CachedRoom[] = [];
    const rooms: RestRoom[] = [];
    const unreadable: RoomListFailure[] = [];
    for (let index = 0; index * 2 < spans.length; index += 1) {
      const start = spans[index * 2]!;
      const end = spans[index * 2 + 1]!;
      const same = unchanged[index];
      let entry: CachedRoom;
      if (same !== undefined) entry = { start, end, hash: same.hash, read: same.read };
      else {
        const hash = hashBytes(bytes, start, end);
        byHash ??= roomsByHash(previous);
        const moved = byHash.get(hash);
        if (moved !== undefined && sameBytes(bytes, start, last, moved))
          entry = { start, end, hash, read: moved.read };
        else {
          let raw: unknown;
          try {
            raw = JSON.parse(bytes.toString('utf8', start, end));
          } catch {
            return undefined;
          }
          entry = { start, end, hash, read: checkedRoom(raw, index) };
        }
      }
      cached.push(entry);
      const { failure } = entry.read;
      if (!failure) rooms.push(entry.read.room);
      // An odd room that moved is named by its place now.
      else unreadable.push(failure.index === index ? failure : { ...failure, index });
    }
    const read = sortedReads(rooms, unreadable);
    if (read.ok) {
      this.#kept.reset(bytes.length);
      this.#kept.append(bytes);
      this.#body = this.#kept.view();
      this.#rooms = cached;
    }
    return read;
  }
}

/** A room the schema takes, or what it said of the room at `index`. */
function checkedRoom(raw: unknown, index: number): RoomRead {
  const parsed = RestRoom.safeParse(raw);
  return parsed.success
    ? { room: parsed.data }
    : { failure: { index, raw, issues: parsed.error.issues } };
}

/** The rooms read and the rooms refused; the first refusal alone when every room was refused. */
function sortedReads(rooms: RestRoom[], unreadable: RoomListFailure[]): RoomListRead {
  if (rooms.length === 0 && unreadable.length > 0) return { ok: false, ...unreadable[0]! };
  return { ok: true, rooms, unreadable };
}

/** Whether `bytes` hold, from `at`, the very bytes of `room` in `last` (native memcmp). */
function sameBytes(bytes: Buffer, at: number, last: Buffer, room: CachedRoom): boolean {
  const end = at + room.end - room.start;
  return end <= bytes.length && bytes.compare(last, room.start, room.end, at, end) === 0;
}

/** FNV-1a of a room's bytes: run only over rooms whose bytes differ from their place's last time. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i += 1) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash;
}

function roomsByHash(rooms: readonly CachedRoom[]): Map<number, CachedRoom> {
  const byHash = new Map<number, CachedRoom>();
  for (const room of rooms) if (!byHash.has(room.hash)) byHash.set(room.hash, room);
  return byHash;
}

/** Checks a parsed list room by room, without the cache (a body `read` could not split). */
export function readRoomList(list: readonly unknown[]): RoomListRead {
  const rooms: RestRoom[] = [];
  const unreadable: RoomListFailure[] = [];
  list.forEach((raw, index) => {
    const read = checkedRoom(raw, index);
    if (read.failure) unreadable.push(read.failure);
    else rooms.push(read.room);
  });
  return sortedReads(rooms, unreadable);
}
