import type { RoomState } from '../../shared/model';

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true, sensitivity: 'base' });

function rank(room: RoomState): number {
  if (room.recording) return 0;
  if (room.streaming) return 1;
  return 2;
}

/** Rooms in the order the window lists them: recording, then live, then the rest, each by name. */
export function orderRooms(rooms: readonly RoomState[]): RoomState[] {
  return [...rooms].sort(
    (a, b) => rank(a) - rank(b) || collator.compare(a.name, b.name) || a.roomId - b.roomId,
  );
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

/** How many rooms are live, recording, and known. */
export function roomCounts(rooms: readonly RoomState[]): {
  live: number;
  recording: number;
  total: number;
} {
  let live = 0;
  let recording = 0;
  for (const room of rooms) {
    if (room.streaming) live += 1;
    if (room.recording) recording += 1;
  }
  return { live, recording, total: rooms.length };
}
