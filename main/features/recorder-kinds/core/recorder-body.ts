import type { KindEvent, RoomFacts } from './kind-event';

/** A happening of another kind that the journal keeps: every kind but the recorder's problems. */
export type JournaledKindEvent = Exclude<KindEvent, { type: 'Problem' }>;

/** What the body needs beyond the event: ids from keys, a room's known names, the file's facts. */
export interface BodyContext {
  /** The GUID a key stands for (the same key, the same GUID: the journal's dedupe). */
  guidOf: (key: string) => string;
  /** What the app knows of a room already (an event of blrec or biliLive-tools may omit names). */
  knownRoom: (roomId: number) => Partial<RoomFacts> | undefined;
  /** FileClosed: the path relative to the recording root, and its size in bytes. */
  file?: { relativePath: string; size: number };
  /** The kind and its event, kept in the body so the event log says where it came from. */
  via: string;
}

/**
 * The happening as a BililiveRecorder webhook body (docs/recorder.md): V2 for the room and session
 * events, V1 for a finished file (it needs no session). The journal keeps this body, so the state
 * rebuilt at start, recovery and the event log read it as they read BililiveRecorder's own.
 */
export function recorderBody(event: JournaledKindEvent, context: BodyContext): object {
  const id = context.guidOf(event.key);
  const room = withKnown(event.room, context.knownRoom(event.room.roomId));
  if (event.type === 'FileClosed') {
    const file = context.file ?? { relativePath: event.path, size: 0 };
    return {
      EventRandomId: id,
      RoomId: room.roomId,
      Name: room.name,
      Title: room.title,
      ...platformOf(event.room),
      RelativePath: file.relativePath,
      FileSize: event.size ?? file.size,
      StartRecordTime: event.at,
      EndRecordTime: event.at,
      Via: context.via,
    };
  }
  const data: Record<string, unknown> = {
    RoomId: room.roomId,
    ShortId: room.shortId,
    Name: room.name,
    Title: room.title,
    AreaNameParent: room.areaParent,
    AreaNameChild: room.areaChild,
    ...platformOf(event.room),
  };
  if (event.type === 'StreamEnded') data.Streaming = false;
  if (event.type === 'SessionStarted' || event.type === 'SessionEnded')
    data.SessionId = context.guidOf(event.session);
  return {
    EventType: event.type,
    EventTimestamp: event.at,
    EventId: id,
    EventData: data,
    Via: context.via,
  };
}

/** Another platform's room: its platform and key, read back by the state (recorder-state.ts). */
function platformOf(room: RoomFacts): { Platform?: string; PlatformRoom?: string } {
  if (room.platform === undefined) return {};
  return { Platform: room.platform, PlatformRoom: room.platformRoom ?? '' };
}

/** The event's room with what it leaves out taken from what the app knows (or plain defaults). */
function withKnown(
  room: RoomFacts,
  known: Partial<RoomFacts> | undefined,
): Required<Omit<RoomFacts, 'platform' | 'platformRoom'>> {
  return {
    roomId: room.roomId,
    name: room.name ?? known?.name ?? String(room.roomId),
    title: room.title ?? known?.title ?? '',
    shortId: room.shortId ?? known?.shortId ?? 0,
    areaParent: room.areaParent ?? known?.areaParent ?? '',
    areaChild: room.areaChild ?? known?.areaChild ?? '',
  };
}
