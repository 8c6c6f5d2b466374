import type { RoomFilter, RoomSort } from '../../shared/i18n/window/lists';
import type { RoomState } from '../../shared/model';

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true, sensitivity: 'base' });

function rank(room: RoomState): number {
  if (room.recording) return 0;
  if (room.streaming) return 1;
  return 2;
}

/**
 * Rooms in the order the window lists them. By state (the default): rooms that need attention,
 * then recording, then live, then the rest, each by name; or by name, or by room number.
 */
export function orderRooms(
  rooms: readonly RoomState[],
  options: { sort?: RoomSort; needsAttention?: (room: RoomState) => boolean } = {},
): RoomState[] {
  const sort = options.sort ?? 'status';
  const attention = options.needsAttention ?? (() => false);
  const byName = (a: RoomState, b: RoomState) =>
    collator.compare(a.name, b.name) || a.roomId - b.roomId;
  if (sort === 'name') return [...rooms].sort(byName);
  if (sort === 'number') return [...rooms].sort((a, b) => a.roomId - b.roomId);
  const ranked = rooms.map((room) => ({ room, rank: attention(room) ? -1 : rank(room) }));
  ranked.sort((a, b) => a.rank - b.rank || byName(a.room, b.room));
  return ranked.map((entry) => entry.room);
}

/** Whether a room passes a status filter chip. */
export function passesFilter(
  room: RoomState,
  filter: RoomFilter,
  flags: { attention: boolean; muted: boolean },
): boolean {
  const passes: Record<RoomFilter, boolean> = {
    all: true,
    live: room.streaming,
    recording: room.recording,
    attention: flags.attention,
    muted: flags.muted,
  };
  return passes[filter];
}

/** Rooms whose name, title, area or number contain every word of `text` (case-insensitive). */
export function filterRooms(rooms: readonly RoomState[], text: string): RoomState[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rooms];
  return rooms.filter((room) => {
    const haystack = [
      room.name,
      room.title,
      room.areaNameParent,
      room.areaNameChild,
      room.roomId,
      room.shortId,
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** How many rooms are live, recording, need attention, are muted, and known. */
export function roomCounts(
  rooms: readonly RoomState[],
  flags: { attention?: (room: RoomState) => boolean; muted?: ReadonlySet<number> } = {},
): { live: number; recording: number; attention: number; muted: number; total: number } {
  let live = 0;
  let recording = 0;
  let attention = 0;
  let muted = 0;
  for (const room of rooms) {
    if (room.streaming) live += 1;
    if (room.recording) recording += 1;
    if (flags.attention?.(room)) attention += 1;
    if (flags.muted?.has(room.roomId)) muted += 1;
  }
  return { live, recording, attention, muted, total: rooms.length };
}
