import { PLATFORM_ROOM_BASE } from '../../../../shared/platforms';

/** A room's pictures are fetched again after this long (bilibili asks for gentle clients). */
export const REFRESH_MS = 24 * 3_600_000;
/** On go-live a room is fetched again (a new cover, a new title) unless fetched this recently. */
export const GO_LIVE_REFRESH_MS = 10 * 60_000;
/** Rooms per request to getRoomBaseInfo (it takes `room_ids` repeated). */
export const BATCH_SIZE = 20;

/** When a room was last fetched (its info came back, or bilibili said it has no such room). */
export interface FetchMark {
  fetchedAt: number;
}

/** Whether a room is due for its daily fetch at `now`. */
export function isDue(mark: FetchMark | undefined, now: number): boolean {
  return mark === undefined || now - mark.fetchedAt >= REFRESH_MS || now < mark.fetchedAt;
}

/** Whether a room that just went live is fetched again (at most once per go-live burst). */
export function isDueOnGoLive(mark: FetchMark | undefined, now: number): boolean {
  return mark === undefined || now - mark.fetchedAt >= GO_LIVE_REFRESH_MS || now < mark.fetchedAt;
}

/**
 * Whether one room is due at `now`: a real bilibili room (room 0 is no room; another platform's
 * room is not bilibili's to describe, shared/platforms.ts) whose mark is old enough.
 */
export function isRoomDue(roomId: number, mark: FetchMark | undefined, now: number): boolean {
  return Number.isInteger(roomId) && roomId > 0 && roomId < PLATFORM_ROOM_BASE && isDue(mark, now);
}

/** The rooms due at `now`, among those the app knows, each once. */
export function dueRooms(
  roomIds: readonly number[],
  marks: (roomId: number) => FetchMark | undefined,
  now: number,
): number[] {
  return [...new Set(roomIds)].filter((id) => isRoomDue(id, marks(id), now));
}

/** Splits room numbers into requests of at most `size`. */
export function batches(roomIds: readonly number[], size = BATCH_SIZE): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < roomIds.length; i += size) out.push(roomIds.slice(i, i + size));
  return out;
}
