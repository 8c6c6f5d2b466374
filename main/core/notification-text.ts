import { baseName, formatBytes, formatDuration } from '../../shared/format';
import { NOTIFICATION_TEXT, type RoomText } from '../../shared/i18n/notification-text';
import { PROBLEM_TEXT, problemDetail, problemWords } from '../../shared/i18n/problem-text';
import type { RoomState } from '../../shared/model';
import { roomLabel } from '../../shared/platforms';
import { assertNever } from '../../shared/parse';
import type { Language } from '../../shared/settings';
import type { Happening } from './happening';

/**
 * A room's name as shown (shared/platforms.ts); a bilibili room's (nearly every one) is its name
 * as is, without a call into the platforms' table for each webhook.
 */
function named(room: RoomState, name: string, language: Language): string {
  return room.platform === undefined ? name : roomLabel(room, name, language);
}

/** The room part of a notification text; another platform's room is named with its platform. */
export function roomText(room: RoomState, language: Language = 'zh-CN'): RoomText {
  const area = [room.areaNameParent, room.areaNameChild].filter(Boolean).join(' · ');
  const name = named(room, room.name || room.platformRoom || String(room.roomId), language);
  return { name, title: room.title, area };
}

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

/** Title and body of the popup for one happening, in the given language. */
export function happeningText(
  happening: Happening,
  language: Language,
): { title: string; body: string } {
  const text = NOTIFICATION_TEXT[language];
  const room = roomText(happening.room, language);
  switch (happening.kind) {
    case 'StreamStarted':
      return text.goLive(room);
    case 'StreamEnded':
      return streamEndedText(happening, language, room);
    case 'RoomChanged':
      return text.roomChanged(room, happening.change ?? {});
    case 'SessionStarted':
      return text.sessionStarted(room);
    case 'SessionEnded':
      return text.sessionEnded(room);
    case 'FileClosed': {
      const file = happening.file;
      // RawData mode reports Duration 0.0: no duration rather than a wrong one.
      const seconds = file?.durationSeconds;
      return text.fileFinished(
        { ...room, name: file?.name ? named(happening.room, file.name, language) : room.name },
        {
          fileName: baseName(file?.relativePath ?? ''),
          size: file?.fileSize !== undefined ? formatBytes(file.fileSize) : '',
          ...(seconds ? { duration: formatDuration(seconds) } : {}),
        },
      );
    }
    case 'RecordingProblem':
    case 'ProblemResolved':
      return problemText(happening, language, room);
    case 'SessionReport': {
      const r = happening.report;
      const body = r
        ? PROBLEM_TEXT[language].report(
            r.files,
            formatBytes(r.bytes),
            Math.round(r.durationSeconds / 60),
            Math.round(r.coverage * 100),
            r.gaps,
          )
        : '';
      return { title: PROBLEM_TEXT[language].reportTitle(room.name), body };
    }
    default:
      return assertNever(happening.kind);
  }
}

function problemText(
  happening: Happening,
  language: Language,
  room: RoomText,
): { title: string; body: string } {
  const problem = happening.problem;
  if (!problem) return { title: '', body: '' };
  const words = problemWords(language, problem.code, problem.facts);
  const where = happening.roomId > 0 ? room.name : PROBLEM_TEXT[language].setup;
  const name = `${words.name} · ${where}`;
  if (happening.kind === 'ProblemResolved') {
    return { title: PROBLEM_TEXT[language].resolved(name), body: '' };
  }
  const detail = problemDetail(language, problem.facts);
  return { title: name, body: detail ? `${detail}\n${words.advice}` : words.advice };
}

/** "X went offline", and under it how long the stream ran and what was recorded, when known. */
function streamEndedText(
  happening: Happening,
  language: Language,
  room: RoomText,
): { title: string; body: string } {
  const text = NOTIFICATION_TEXT[language];
  const plain = text.streamEnded(room);
  const ended = happening.ended;
  if (!ended) return plain;
  const facts = text.streamEndedFacts({
    ...(ended.liveSeconds ? { live: formatDuration(ended.liveSeconds) } : {}),
    ...(ended.files !== undefined ? { files: ended.files } : {}),
    size: ended.bytes > 0 ? formatBytes(ended.bytes) : '',
    ...(ended.files !== undefined && ended.coverage !== undefined
      ? { coverage: ended.coverage }
      : {}),
  });
  return { title: plain.title, body: [plain.body, facts].filter(Boolean).join('\n') };
}
