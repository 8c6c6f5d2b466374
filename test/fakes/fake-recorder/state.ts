import { randomUUID } from 'node:crypto';
import {
  fileClosedEvent,
  fileOpeningEvent,
  relativePathFor,
  sessionEvent,
  streamEvent,
  v1Event,
  WebhookClock,
  type PreparedEvent,
  type Stamp,
} from './events';
import { FakeGlobalConfig } from './global-config';
import { RecorderLog } from './recorder-log';
import { findRoom, generateRooms, type FakeFile, type FakeRoom } from './rooms';

/** The events of one finished file: V2 FileClosed and the V1 body (sent only when asked). */
export interface ClosedFileEvents {
  closed: PreparedEvent;
  v1: PreparedEvent;
}

/**
 * The fake recorder's rooms and what happens to them. Every action changes the state first (so
 * REST shows it at once) and returns the webhooks the real recorder would send, unsent: the caller
 * chooses the delivery order, as the real recorder's unordered tasks would.
 */
export class FakeRecorderState {
  /** The rooms in the recorder's order (REST lists them so). */
  readonly rooms: FakeRoom[];
  /** The recorder's own log, served by `GET /api/log/fetch`. */
  readonly log = new RecorderLog();
  /** The recorder's global settings, served by `GET|POST /api/config/global` (startFakeRecorder seeds them). */
  globalConfig = new FakeGlobalConfig();
  readonly #now: () => number;
  readonly #clock = new WebhookClock();

  constructor(roomCount: number, now: () => number = Date.now) {
    this.rooms = generateRooms(roomCount);
    this.#now = now;
  }

  /** The clock of REST statistics and webhook times. */
  now(): number {
    return this.#now();
  }

  /** A webhook time for now, later than every one before. */
  stamp(): Stamp {
    return this.#clock.stamp(this.#now());
  }

  /** A room by short id or long id (0: the first room without a short id), as the recorder finds it. */
  find(id: number): FakeRoom | undefined {
    return findRoom(this.rooms, id);
  }

  /** A room by short or long id, or an error naming the id. */
  get(id: number): FakeRoom {
    const room = this.find(id);
    if (!room) throw new RangeError(`The fake recorder has no room ${id}`);
    return room;
  }

  /** The room goes live: StreamStarted, then a session and a file when it records automatically. */
  goLive(room: FakeRoom): PreparedEvent[] {
    if (room.streaming) return [];
    room.streaming = true;
    // For auto-record rooms the recording task exists before StreamStarted goes out.
    if (room.autoRecord) room.recording = true;
    const started = streamEvent('StreamStarted', room, this.stamp());
    return room.autoRecord ? [started, ...this.startRecording(room)] : [started];
  }

  /** A session starts: SessionStarted, FileOpening. */
  startRecording(room: FakeRoom): PreparedEvent[] {
    if (room.sessionId !== null) return [];
    room.recording = true;
    room.sessionId = randomUUID();
    const started = this.stamp();
    room.sessionStartedAt = started.ms;
    const session = sessionEvent('SessionStarted', room, room.sessionId, started);
    room.file = this.#newFile(room);
    return [session, fileOpeningEvent(room, room.sessionId, room.file, this.stamp())];
  }

  /** A split: the current file closes and the next opens. Undefined when the room is not recording. */
  split(room: FakeRoom): (ClosedFileEvents & { opening: PreparedEvent }) | undefined {
    if (room.sessionId === null || room.file === null) return undefined;
    const closed = this.#closeFile(room, room.sessionId, room.file);
    room.file = this.#newFile(room);
    return { ...closed, opening: fileOpeningEvent(room, room.sessionId, room.file, this.stamp()) };
  }

  /** The session ends: the last file's events and SessionEnded. Undefined when not recording. */
  stopRecording(
    room: FakeRoom,
  ): (Partial<ClosedFileEvents> & { sessionEnded: PreparedEvent }) | undefined {
    if (room.sessionId === null) return undefined;
    const sessionId = room.sessionId;
    const closed = room.file ? this.#closeFile(room, sessionId, room.file) : {};
    room.recording = false;
    room.sessionId = null;
    room.sessionStartedAt = null;
    room.file = null;
    return { ...closed, sessionEnded: sessionEvent('SessionEnded', room, sessionId, this.stamp()) };
  }

  /** The room goes offline: StreamEnded (sent while Recording is still true), then the session ends. */
  goOffline(
    room: FakeRoom,
  ):
    | { streamEnded: PreparedEvent; stopped: ReturnType<FakeRecorderState['stopRecording']> }
    | undefined {
    if (!room.streaming) return undefined;
    room.streaming = false;
    const streamEnded = streamEvent('StreamEnded', room, this.stamp());
    return { streamEnded, stopped: this.stopRecording(room) };
  }

  #newFile(room: FakeRoom): FakeFile {
    const opened = this.stamp();
    return {
      relativePath: relativePathFor(room, opened.ms),
      openedAt: opened.ms,
      openedAtText: opened.text,
    };
  }

  // FileCloseTime comes before the event's own time: the event is raised after both files closed.
  #closeFile(room: FakeRoom, sessionId: string, file: FakeFile): ClosedFileEvents {
    const closed = this.stamp();
    return {
      closed: fileClosedEvent(room, sessionId, file, closed, this.stamp()),
      v1: v1Event(room, file, closed),
    };
  }
}
