import { randomInt, randomUUID } from 'node:crypto';
import { formatRecorderTimestamp } from '../../../shared/recorder/timestamp';
import { double, toRecorderJson } from './recorder-json';
import type { FakeFile, FakeRoom } from './rooms';

/** A webhook body ready to send: the same bytes on every attempt and every URL. */
export interface PreparedEvent {
  /** `StreamStarted`, …, or `V1` for a V1 body. */
  label: string;
  /** EventId (V2) or EventRandomId (V1). */
  id: string;
  roomId: number;
  bytes: Buffer;
}

/** Offset of the recorder machine (the Docker image runs in China time). */
const OFFSET_MINUTES = 480;

/** An instant of the fake recorder: epoch ms and the webhook text of it. */
export interface Stamp {
  ms: number;
  text: string;
}

/**
 * Webhook times: 7 fractional digits (a non-zero last tick, so .NET trims nothing) and `+08:00`,
 * strictly increasing like the recorder's clock even within one millisecond.
 */
export class WebhookClock {
  #lastTicks = 0;

  /** The stamp of `epochMs`, later than every stamp given before. */
  stamp(epochMs: number): Stamp {
    let ticks = epochMs * 10_000 + randomInt(0, 1000) * 10 + randomInt(1, 10);
    if (ticks <= this.#lastTicks)
      ticks = this.#lastTicks + 1 + (this.#lastTicks % 10 === 9 ? 1 : 0);
    this.#lastTicks = ticks;
    const ms = Math.floor(ticks / 10_000);
    return { ms, text: formatRecorderTimestamp(ms, OFFSET_MINUTES, ticks % 10_000) };
  }
}

function chinaTimeStamp(epochMs: number): string {
  const d = new Date(epochMs + OFFSET_MINUTES * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}-${pad(d.getUTCMilliseconds(), 3)}`
  );
}

/** A file's RelativePath from the recorder's default template (China time in the name). */
export function relativePathFor(
  room: Pick<FakeRoom, 'roomId' | 'name' | 'title'>,
  epochMs: number,
): string {
  return `${room.roomId}-${room.name}/录制-${room.roomId}-${chinaTimeStamp(epochMs)}-${room.title}.flv`;
}

function commonData(room: FakeRoom): Record<string, unknown> {
  return {
    RoomId: room.roomId,
    ShortId: room.shortId,
    Name: room.name,
    Title: room.title,
    AreaNameParent: room.areaNameParent,
    AreaNameChild: room.areaNameChild,
    Recording: room.recording,
    Streaming: room.streaming,
    DanmakuConnected: room.danmakuConnected,
  };
}

/** Serializes any body the recorder's way, for `emit`. */
export function prepareBody(
  label: string,
  id: string,
  roomId: number,
  body: unknown,
): PreparedEvent {
  return { label, id, roomId, bytes: Buffer.from(toRecorderJson(body), 'utf8') };
}

function v2(type: string, room: FakeRoom, at: Stamp, own: Record<string, unknown>): PreparedEvent {
  const id = randomUUID();
  const body = {
    EventType: type,
    EventTimestamp: at.text,
    EventId: id,
    // The event's own fields first, then the common ones (docs/recorder.md, "Webhook format").
    EventData: { ...own, ...commonData(room) },
  };
  return prepareBody(type, id, room.roomId, body);
}

/** StreamStarted / StreamEnded: common fields only, no SessionId. */
export function streamEvent(
  type: 'StreamStarted' | 'StreamEnded',
  room: FakeRoom,
  at: Stamp,
): PreparedEvent {
  return v2(type, room, at, {});
}

/** SessionStarted / SessionEnded. */
export function sessionEvent(
  type: 'SessionStarted' | 'SessionEnded',
  room: FakeRoom,
  sessionId: string,
  at: Stamp,
): PreparedEvent {
  return v2(type, room, at, { SessionId: sessionId });
}

/** FileOpening for a file just opened. */
export function fileOpeningEvent(
  room: FakeRoom,
  sessionId: string,
  file: FakeFile,
  at: Stamp,
): PreparedEvent {
  return v2('FileOpening', room, at, {
    SessionId: sessionId,
    RelativePath: file.relativePath,
    FileOpenTime: file.openedAtText,
  });
}

/** Size and media duration of a file closed at `closedAt`. */
export function closedFileFacts(
  room: FakeRoom,
  file: FakeFile,
  closedAt: number,
): { size: number; durationS: number } {
  const ms = Math.max(0, closedAt - file.openedAt);
  // Media time runs a little behind wall time (the first keyframe arrives late).
  return {
    size: Math.floor((room.bytesPerSecond * ms) / 1000),
    durationS: Math.max(0, ms - 117) / 1000,
  };
}

/** FileClosed (V2) for a finished file; `Duration` is media seconds, always written as a double. */
export function fileClosedEvent(
  room: FakeRoom,
  sessionId: string,
  file: FakeFile,
  closed: Stamp,
  at: Stamp,
): PreparedEvent {
  const { size, durationS } = closedFileFacts(room, file, closed.ms);
  return v2('FileClosed', room, at, {
    SessionId: sessionId,
    RelativePath: file.relativePath,
    FileSize: size,
    Duration: double(durationS),
    FileOpenTime: file.openedAtText,
    FileCloseTime: closed.text,
  });
}

/** The flat V1 body the recorder sends once per finished file. */
export function v1Event(room: FakeRoom, file: FakeFile, closed: Stamp): PreparedEvent {
  const id = randomUUID();
  const { size } = closedFileFacts(room, file, closed.ms);
  return prepareBody('V1', id, room.roomId, {
    EventRandomId: id,
    RoomId: room.roomId,
    Name: room.name,
    Title: room.title,
    RelativePath: file.relativePath,
    FileSize: size,
    StartRecordTime: file.openedAtText,
    EndRecordTime: closed.text,
  });
}
