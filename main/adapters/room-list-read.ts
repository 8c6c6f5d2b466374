import { PolledRestRoom } from '../../shared/recorder/rest';

/** A room that fails the schema, with its place in the list. */
export interface RoomListFailure {
  index: number;
  raw: unknown;
  issues: RestRoomIssues;
}
type RestRoomIssues = NonNullable<ReturnType<typeof PolledRestRoom.safeParse>['error']>['issues'];

/**
 * What reading a list found: the rooms the schema takes, and those it refuses (one odd room must
 * not hide all the others); or, when it refuses every room of the list, the first of them (the
 * recorder's format likely changed, which is the recorder's trouble as a whole).
 */
export type RoomListRead =
  | { ok: true; rooms: PolledRestRoom[]; unreadable: RoomListFailure[] }
  | ({ ok: false } & RoomListFailure);

/**
 * Checks the parsed body of `GET /api/room` room by room. Every room is checked at every poll:
 * `JSON.parse` and the schema of 1,000 rooms each 10 s take about 0.15 % of one core (bench:poll
 * prints it), so no cache of unchanged rooms is kept (a byte scanner did that until issue 32).
 */
export function readRoomList(list: readonly unknown[]): RoomListRead {
  const rooms: PolledRestRoom[] = [];
  const unreadable: RoomListFailure[] = [];
  list.forEach((raw, index) => {
    const parsed = PolledRestRoom.safeParse(raw);
    if (parsed.success) rooms.push(parsed.data);
    else unreadable.push({ index, raw, issues: parsed.error.issues });
  });
  if (rooms.length === 0 && unreadable.length > 0) return { ok: false, ...unreadable[0]! };
  return { ok: true, rooms, unreadable };
}
