import { baseName, formatBytes, formatDuration } from '../../shared/format';
import { NOTIFICATION_TEXT, type RoomText } from '../../shared/i18n/notification-text';
import type { RoomState } from '../../shared/model';
import { assertNever } from '../../shared/parse';
import type { Language } from '../../shared/settings';
import type { Happening } from './happening';

/** The room part of a notification text. */
export function roomText(room: RoomState): RoomText {
  const area = [room.areaNameParent, room.areaNameChild].filter(Boolean).join(' · ');
  return { name: room.name || String(room.roomId), title: room.title, area };
}

/** Title and body of the popup for one happening, in the given language. */
export function happeningText(
  happening: Happening,
  language: Language,
): { title: string; body: string } {
  const text = NOTIFICATION_TEXT[language];
  const room = roomText(happening.room);
  switch (happening.kind) {
    case 'StreamStarted':
      return text.goLive(room);
    case 'StreamEnded':
      return text.streamEnded(room);
    case 'SessionStarted':
      return text.sessionStarted(room);
    case 'SessionEnded':
      return text.sessionEnded(room);
    case 'FileClosed': {
      const file = happening.file;
      // RawData mode reports Duration 0.0: no duration rather than a wrong one.
      const seconds = file?.durationSeconds;
      return text.fileFinished(
        { ...room, name: file?.name || room.name },
        {
          fileName: baseName(file?.relativePath ?? ''),
          size: file?.fileSize !== undefined ? formatBytes(file.fileSize) : '',
          ...(seconds ? { duration: formatDuration(seconds) } : {}),
        },
      );
    }
    default:
      return assertNever(happening.kind);
  }
}
