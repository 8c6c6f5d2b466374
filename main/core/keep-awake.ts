import type { RoomState } from '../../shared/model';
import { isLoopbackHost, normaliseRecorderUrl } from '../../shared/settings-rules';
import type { RecorderSetting, Settings } from '../../shared/settings';

/**
 * Whether a recorder runs on this computer: its API is on loopback, or it has none (webhooks
 * only: the recorder's desktop edition, which runs beside the tray). A recorder on a NAS records
 * whether this computer sleeps or not.
 */
export function isRecorderOnThisMachine(recorder: Pick<RecorderSetting, 'url'>): boolean {
  const url = normaliseRecorderUrl(recorder.url);
  if (url === '') return true;
  try {
    // URL keeps IPv6 hosts in brackets; isLoopbackHost knows both forms.
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false; // an address that does not parse reaches no recorder, here or elsewhere
  }
}

/**
 * Whether the computer should be kept from sleeping now: the setting is on and a room of a
 * recorder on this machine records. A room without a recorder id is the first recorder's.
 */
export function keepAwakeWanted(
  settings: Pick<Settings, 'keepAwake' | 'recorders'>,
  rooms: readonly Pick<RoomState, 'recording' | 'recorderId'>[],
): boolean {
  if (!settings.keepAwake) return false;
  const local = new Set(
    settings.recorders.filter((r) => isRecorderOnThisMachine(r)).map((r) => r.id),
  );
  if (local.size === 0) return false;
  const first = settings.recorders[0]?.id;
  return rooms.some((room) => room.recording && local.has(room.recorderId ?? first ?? ''));
}
