import type { AppState, RecorderStatusKind, RecorderView } from '../../shared/app-state';
import type { RoomState } from '../../shared/model';
import type { RecorderKind } from '../../shared/recorder-kind';

/** The recorders filter of the Rooms view: every recorder, or one by id. */
export type RecorderFilter = 'all' | { id: string };

/**
 * A room's key in the window: a room on two recorders (a hot standby) is two rows, so the key
 * is the recorder and the room; a room without a recorder (older state) is its number.
 */
export function roomKey(room: Pick<RoomState, 'roomId' | 'recorderId'>): string {
  return room.recorderId === undefined ? String(room.roomId) : `${room.recorderId}-${room.roomId}`;
}

/** Whether the window shows recorders at all: only where there are several. */
export function showsRecorders(state: { recorders: readonly unknown[] }): boolean {
  return state.recorders.length > 1;
}

/** One chip of the recorders filter: the recorder and how many rooms it has. */
export interface RecorderChip {
  id: string;
  name: string;
  count: number;
}

/** The recorders filter's chips, in the settings' order, each with its count of rooms. */
export function recorderChips(
  rooms: readonly Pick<RoomState, 'recorderId'>[],
  recorders: readonly Pick<RecorderView, 'id' | 'name'>[],
): RecorderChip[] {
  const counts = new Map<string, number>();
  for (const room of rooms) {
    if (room.recorderId !== undefined)
      counts.set(room.recorderId, (counts.get(room.recorderId) ?? 0) + 1);
  }
  return recorders.map((r) => ({ id: r.id, name: r.name, count: counts.get(r.id) ?? 0 }));
}

/** Whether a room passes the recorders filter. */
export function passesRecorder(
  room: Pick<RoomState, 'recorderId'>,
  filter: RecorderFilter,
): boolean {
  return filter === 'all' || room.recorderId === filter.id;
}

/**
 * The connection and kind of the recorder that has the room (its commands go there); the first
 * recorder's where the room names none.
 */
export function recorderOfRoom(
  state: Pick<AppState, 'recorders' | 'recorder'>,
  room: Pick<RoomState, 'recorderId'>,
): { status: RecorderStatusKind; url: string; name: string; kind?: RecorderKind } | undefined {
  const view = state.recorders.find((r) => r.id === room.recorderId) ?? state.recorders[0];
  if (view === undefined) return undefined;
  const { status, url, name, kind } = view;
  return { status, url, name, ...(kind !== undefined ? { kind } : {}) };
}
