import type { FileRecord, RoomState } from '../../../../shared/model';
import type { CleanUpCandidate } from './clean-up-plan';

/** How long a recording room's recent files are kept out of a clean-up, whatever else is known. */
export const RECORDING_ROOM_GUARD_MS = 24 * 3_600_000;

/** What the guard knows of one recorder: its files (with their sessions) and rooms. */
export interface RecorderRecordings {
  recorderId: string;
  /** The file ledger's files (main/core/file-ledger.ts), finished or not. */
  files: readonly Pick<FileRecord, 'relativePath' | 'sessionId' | 'finished' | 'roomId'>[];
  /** Whether a session has ended (an unknown one counts as not ended). */
  isSessionEnded: (sessionId: string) => boolean;
  rooms: readonly Pick<RoomState, 'roomId' | 'recording'>[];
}

/**
 * Which files belong to a session still recording: a file not finished yet, a file of a session
 * not ended in a room that records now, and, as the webhooks may have been missed (polls only), a
 * recording room's files modified within the last day. Paths compare with `/` for `\`.
 */
export function recordingGuard(
  recorders: readonly RecorderRecordings[],
  now: number,
): (file: Omit<CleanUpCandidate, 'path' | 'bytes'>) => boolean {
  const guarded = new Set<string>();
  const recordingRooms = new Set<string>();
  for (const recorder of recorders) {
    const recording = new Set(recorder.rooms.filter((r) => r.recording).map((r) => r.roomId));
    for (const roomId of recording) recordingRooms.add(`${recorder.recorderId}\n${roomId}`);
    for (const file of recorder.files) {
      const openSession =
        file.sessionId !== undefined &&
        !recorder.isSessionEnded(file.sessionId) &&
        recording.has(file.roomId);
      if (!file.finished || openSession)
        guarded.add(`${recorder.recorderId}\n${slashes(file.relativePath)}`);
    }
  }
  return (file) =>
    guarded.has(`${file.recorderId}\n${slashes(file.relativePath)}`) ||
    (file.roomId !== undefined &&
      recordingRooms.has(`${file.recorderId}\n${file.roomId}`) &&
      now - file.modifiedAt < RECORDING_ROOM_GUARD_MS);
}

/** A relative path with `/` for `\`: how the Files list and a listed file compare. */
export function slashes(relativePath: string): string {
  return relativePath.replaceAll('\\', '/');
}
