import { randomUUID } from 'node:crypto';
import { formatRecorderTimestamp } from '../../shared/recorder/timestamp';

/** A room as the webhook builders write it. */
export interface TestRoom {
  roomId: number;
  shortId?: number;
  name?: string;
  title?: string;
}

const BASE_MS = Date.UTC(2024, 2, 17, 12, 37, 0);

/** A recorder timestamp `seconds` after a fixed base, in +08:00 with 7 digits. */
export function ts(seconds: number): string {
  return formatRecorderTimestamp(BASE_MS + Math.round(seconds * 1000), 480, 1234);
}

function common(room: TestRoom, flags: { streaming: boolean; recording: boolean }) {
  return {
    RoomId: room.roomId,
    ShortId: room.shortId ?? 0,
    Name: room.name ?? `主播${room.roomId}`,
    Title: room.title ?? '今天也要开心',
    AreaNameParent: '电台',
    AreaNameChild: '唱见电台',
    Recording: flags.recording,
    Streaming: flags.streaming,
    DanmakuConnected: true,
  };
}

/** A V2 webhook body built the way the recorder builds it (own fields first, then common ones). */
export function v2(
  type: string,
  room: TestRoom,
  at: number,
  extra: Record<string, unknown> = {},
  flags = { streaming: true, recording: true },
): Record<string, unknown> {
  return {
    EventType: type,
    EventTimestamp: ts(at),
    EventId: randomUUID(),
    EventData: { ...extra, ...common(room, flags) },
  };
}

/** The relative path the recorder's default template gives a file opened at `at`. */
export function relativePathFor(room: TestRoom, at: number): string {
  return `${room.roomId}-${room.name ?? `主播${room.roomId}`}/录制-${room.roomId}-20240317-2037${String(at).padStart(2, '0')}-000-今天也要开心.flv`;
}

/** One whole live stream with one session and `files` files, every V2 event plus a V1 per file. */
export function liveSession(room: TestRoom, files = 3, start = 0): Record<string, unknown>[] {
  const sessionId = randomUUID();
  const events: Record<string, unknown>[] = [
    v2('StreamStarted', room, start, {}, { streaming: true, recording: false }),
    v2('SessionStarted', room, start + 0.5, { SessionId: sessionId }),
  ];
  let t = start + 1;
  for (let i = 0; i < files; i++) {
    const path = relativePathFor(room, t);
    const opened = ts(t);
    events.push(
      v2('FileOpening', room, t, {
        SessionId: sessionId,
        RelativePath: path,
        FileOpenTime: opened,
      }),
    );
    const closeAt = t + 10;
    const last = i === files - 1;
    const flags = { streaming: !last, recording: true };
    const closed = v2(
      'FileClosed',
      room,
      closeAt + 0.1,
      {
        SessionId: sessionId,
        RelativePath: path,
        FileSize: 1_000_000 * (i + 1),
        Duration: 10.0,
        FileOpenTime: opened,
        FileCloseTime: ts(closeAt),
      },
      flags,
    );
    events.push(closed);
    events.push({
      EventRandomId: randomUUID(),
      RoomId: room.roomId,
      Name: room.name ?? `主播${room.roomId}`,
      Title: room.title ?? '今天也要开心',
      RelativePath: path,
      FileSize: 1_000_000 * (i + 1),
      StartRecordTime: opened,
      EndRecordTime: ts(closeAt),
    });
    t = closeAt + 0.2;
  }
  // The stream ends just before the last file is closed, and SessionEnded may carry an earlier
  // timestamp than that FileClosed (docs/recorder.md, "When events fire").
  events.push(v2('StreamEnded', room, t - 0.15, {}, { streaming: false, recording: true }));
  events.push(
    v2(
      'SessionEnded',
      room,
      t - 0.12,
      { SessionId: sessionId },
      { streaming: false, recording: false },
    ),
  );
  return events;
}

/** A shuffled copy of `items` (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
