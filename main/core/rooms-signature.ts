import type { RoomState } from '../../shared/model';

/**
 * A string that changes when the room list or a room's flags, names or titles change, and not
 * when only live statistics move: what decides whether a "rooms" update is worth sending.
 */
export function roomsSignature(rooms: readonly RoomState[]): string {
  return JSON.stringify(
    rooms.map((r) => [r.roomId, r.shortId, r.name, r.title, r.areaNameParent, r.areaNameChild, r.streaming, r.recording, r.danmakuConnected]),
  );
}
