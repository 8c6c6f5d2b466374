import { baseName, formatBytes, formatDuration } from '../../shared/format';
import type { Language } from '../../shared/settings';
import type { Happening } from './happening';
import { roomText } from './notification-text';

/**
 * The facts of one happening that push templates may name ({name}, {title}, {area}, {file},
 * {size}, {duration}, {recorder}; {platform} (its id) and {platformRoom} for another platform's room);
 * {roomId} and {url} are derived from the notification's room.
 * Only the file's name, never its local path: a push leaves the machine.
 */
export function notificationFacts(
  happening: Happening,
  recorderName: (recorderId: string) => string = (id) => id,
  language: Language = 'zh-CN',
): Record<string, string> {
  const room = roomText(happening.room, language);
  // {name} is the streamer alone (an e-mail's "streamer", biliLive-tools' username); the
  // platform is its own fact.
  const name = happening.room.name || room.name;
  const facts: Record<string, string> = { name, title: room.title, area: room.area };
  // Another platform's room: its page is built from these on the platform's own host (links.ts).
  const { platform, platformRoom } = happening.room;
  if (platform !== undefined) Object.assign(facts, { platform, platformRoom: platformRoom ?? '' });
  if (happening.recorderId !== undefined) facts.recorder = recorderName(happening.recorderId);
  const file = happening.file;
  if (file) {
    if (file.name) facts.name = file.name;
    facts.file = baseName(file.relativePath);
    if (file.fileSize !== undefined) facts.size = formatBytes(file.fileSize);
    // RawData mode reports Duration 0.0: no duration rather than a wrong one.
    if (file.durationSeconds) facts.duration = formatDuration(file.durationSeconds);
  }
  return facts;
}
