import { toPolledRoom } from '../../shared/recorder/rest';
import type { RoomsFetch } from '../core/recorder-reconcile';
import type { RecorderClient } from './recorder-client';

/**
 * One poll's fetch for the core's RecorderReconciler: the recorder's rooms in the app's form, with the
 * rooms it could not read named, or the failure as a status the user can act on.
 */
export async function fetchPolledRooms(
  client: RecorderClient | undefined,
  signal: AbortSignal,
): Promise<RoomsFetch> {
  if (!client) return { ok: false, status: 'unreachable', detail: 'no recorder URL' };
  const result = await client.listRooms({ signal });
  if (!result.ok) {
    const { status, detail, roomId, field } = result;
    return {
      ok: false,
      status,
      detail,
      ...(roomId !== undefined ? { roomId } : {}),
      ...(field ? { field } : {}),
    };
  }
  return { ok: true, rooms: result.value.map(toPolledRoom), unreadable: result.unreadable };
}
