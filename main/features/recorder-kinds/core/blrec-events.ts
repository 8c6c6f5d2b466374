import { safeParseUnknown } from '../../../../shared/parse';
import {
  BlrecEnvelope,
  BlrecErrorData,
  BlrecFileData,
  BlrecLiveData,
  BlrecRoomData,
  BlrecSpaceData,
  type BlrecRoomInfo,
} from '../../../../shared/recorder-kinds/blrec';
import { fromData, type KindParse, type RoomFacts } from './kind-event';
import { kindTimestamp } from './kind-time';

/**
 * blrec's events this app has no use for: known, answered 2xx, nothing derived. The video file is
 * finished at `VideoFileCompletedEvent` unless blrec's own post-processing is on, and then only at
 * `VideoPostprocessingCompletedEvent` (it rewrites the file: biliLive-tools #153); the app takes
 * the completed file at once and the post-processed one as another report of the same file.
 */
const IGNORED = new Set([
  'VideoFileCreatedEvent',
  'DanmakuFileCreatedEvent',
  'DanmakuFileCompletedEvent',
  'RawDanmakuFileCreatedEvent',
  'RawDanmakuFileCompletedEvent',
  'CoverImageDownloadedEvent',
  'PostprocessingCompletedEvent',
  'RecordingCancelledEvent',
]);

/** Reads one blrec event (webhook body or WebSocket message) into the app's happenings. */
export function blrecEvents(body: unknown): KindParse {
  const envelope = safeParseUnknown(BlrecEnvelope(), body);
  if (!envelope.ok) return envelope;
  const { type, id, date, data } = envelope.value;
  const at = kindTimestamp(date);
  if (at === undefined) return { ok: false, reasons: [`date: not a time blrec writes: ${date}`] };
  const key = `blrec:${id.toLowerCase()}`;
  if (IGNORED.has(type)) return { ok: true, value: [] };
  switch (type) {
    case 'LiveBeganEvent':
    case 'LiveEndedEvent':
      return fromData(BlrecLiveData(), data, (d) => [
        {
          type: type === 'LiveBeganEvent' ? 'StreamStarted' : 'StreamEnded',
          key,
          at,
          room: { ...roomFacts(d.room_info), name: d.user_info.name },
        },
      ]);
    case 'RoomChangeEvent':
      return fromData(BlrecRoomData(), data, (d) => [
        { type: 'RoomChanged', key, at, room: roomFacts(d.room_info) },
      ]);
    case 'RecordingStartedEvent':
    case 'RecordingFinishedEvent':
      return fromData(BlrecRoomData(), data, (d) => [
        {
          type: type === 'RecordingStartedEvent' ? 'SessionStarted' : 'SessionEnded',
          key,
          at,
          room: roomFacts(d.room_info),
          // One live stream is one session: its room and the stream's start.
          session: `blrec:${d.room_info.room_id}:${d.room_info.live_start_time}`,
        },
      ]);
    case 'VideoFileCompletedEvent':
    case 'VideoPostprocessingCompletedEvent':
      return fromData(BlrecFileData(), data, (d) => [
        // Keyed by the path, not the event: the post-processed report is the same file again.
        {
          type: 'FileClosed',
          key: `blrec:file:${d.path}`,
          at,
          room: { roomId: d.room_id },
          path: d.path,
        },
      ]);
    case 'SpaceNoEnoughEvent':
      return fromData(BlrecSpaceData(), data, (d) => [
        {
          type: 'Problem',
          at,
          problem: 'disk-low',
          detail: `${d.path}: ${d.usage.free} bytes free, below ${d.threshold}`,
          facts: { freeBytes: d.usage.free, thresholdBytes: d.threshold },
        },
      ]);
    case 'Error':
      return fromData(BlrecErrorData(), data, (d) => [
        {
          type: 'Problem',
          at,
          problem: 'recorder-error',
          detail: `${d.name}: ${firstLine(d.detail)}`,
          facts: { errorName: d.name.slice(0, 100) },
        },
      ]);
    default:
      return { ok: false, reasons: [`type: not a blrec event this app knows: ${type}`] };
  }
}

function roomFacts(info: BlrecRoomInfo): RoomFacts {
  return {
    roomId: info.room_id,
    title: info.title,
    shortId: info.short_room_id,
    areaParent: info.parent_area_name,
    areaChild: info.area_name,
  };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '') ?? '';
  return line.trim().slice(0, 200);
}
