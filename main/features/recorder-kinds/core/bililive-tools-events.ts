import { safeParseUnknown } from '../../../../shared/parse';
import { platformRoom } from '../../../../shared/platforms';
import {
  BililiveToolsEnvelope,
  BililiveToolsFileData,
  BililiveToolsRecordData,
} from '../../../../shared/recorder-kinds/bililive-tools';
import { fromData, type KindParse, type RoomFacts } from './kind-event';
import { kindTimestamp } from './kind-time';

/** biliLive-tools' events this app has no use for: known, answered 2xx, nothing derived. */
const IGNORED = new Set(['file_created', 'task']);

/**
 * Reads one biliLive-tools external event into the app's happenings, keyed by its id. Its code
 * sends `record_start` / `record_end`, its docs show `live_start` / `live_end`: both are read.
 * biliLive-tools has no go-live event of its own: a recording starts when the stream does, so a
 * start is both (and an end both ends).
 */
export function bililiveToolsEvents(body: unknown): KindParse {
  const envelope = safeParseUnknown(BililiveToolsEnvelope(), body);
  if (!envelope.ok) return envelope;
  const { id, time, type, data } = envelope.value;
  const at = kindTimestamp(time);
  if (at === undefined) return { ok: false, reasons: [`time: not an ISO 8601 time: ${time}`] };
  if (IGNORED.has(type)) return { ok: true, value: [] };
  const key = `bililive-tools:${id.toLowerCase()}`;
  switch (type) {
    case 'record_start':
    case 'live_start':
    case 'record_end':
    case 'live_end':
      return fromData(BililiveToolsRecordData(), data, (d) => {
        const room: RoomFacts = platformRoom(d.platform, d.roomId);
        if (d.username) room.name = d.username;
        if (d.title) room.title = d.title;
        const session = `bililive-tools:${room.roomId}:${d.liveId || id}`;
        const start = type === 'record_start' || type === 'live_start';
        return start
          ? [
              { type: 'StreamStarted', key: `${key}:live`, at, room },
              { type: 'SessionStarted', key: `${key}:session`, at, room, session },
            ]
          : [
              { type: 'SessionEnded', key: `${key}:session`, at, room, session },
              { type: 'StreamEnded', key: `${key}:live`, at, room },
            ];
      });
    case 'file_completed':
      return fromData(BililiveToolsFileData(), data, (d) => {
        const room = platformRoom(d.platform, d.roomId);
        const path = d.filePath;
        return [{ type: 'FileClosed', key, at, room, path }];
      });
    default:
      return { ok: false, reasons: [`type: not a biliLive-tools event this app knows: ${type}`] };
  }
}
