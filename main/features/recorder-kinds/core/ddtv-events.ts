import { safeParseUnknown } from '../../../../shared/parse';
import { DDTV_OPCODES, DdtvEnvelope, DdtvRoomCard } from '../../../../shared/recorder-kinds/ddtv';
import type { DdtvRoomCard as RoomCard } from '../../../../shared/recorder-kinds/ddtv';
import { fromData } from './kind-event';
import type { KindEvent, KindParse, KindParseContext, RoomFacts } from './kind-event';
import { kindTimestamp, receiptTimestamp } from './kind-time';

/** Records DDTV sends that this app has no use for: known, answered 2xx, nothing derived. */
const IGNORED = new Set<string>(['SaveBulletScreenFile', 'Reconnect', 'UpdateDetect']);

/** How long a DDTV time is taken as one when a record carries nothing better to key it by. */
const FALLBACK_BUCKET_MS = 10 * 60_000;

/**
 * Reads one DDTV5 record into the app's happenings. DDTV sends no event id and never retries
 * (docs/other-recorders.md#ddtv5), so each happening's key is built from what the record carries:
 * the stream's start (`live_time`) for going live and ending, the session's start
 * (`DownInfo.StartTime`) for recording, the path for a file. A repeat (StartLiveEvent and then
 * StartBroadcastingReminder for one stream) is thus one happening.
 */
export function ddtvEvents(body: unknown, context: KindParseContext): KindParse {
  const envelope = safeParseUnknown(DdtvEnvelope(), body);
  if (!envelope.ok) return envelope;
  const { cmd, code, data, message } = envelope.value;
  const known = (DDTV_OPCODES as Record<string, number>)[cmd];
  if (known === undefined || known !== code)
    return { ok: false, reasons: [`cmd: not a DDTV record this app knows: ${cmd} (${code})`] };
  const at = receiptTimestamp(context.receivedAt);
  if (cmd === 'InvalidLoginStatus') {
    const detail = message?.trim() || 'login expired';
    return { ok: true, value: [{ type: 'Problem', at, problem: 'login-expired', detail }] };
  }
  if (IGNORED.has(cmd)) return { ok: true, value: [] };
  return fromData(DdtvRoomCard(), data, (card) => happenings(cmd, card, at, context.receivedAt));
}

function happenings(cmd: string, card: RoomCard, at: string, receivedAt: number): KindEvent[] {
  const room = roomFacts(card);
  const stream = `ddtv:${card.RoomId}:${streamStart(card, receivedAt)}`;
  const session = `ddtv:${card.RoomId}:${sessionStart(card, receivedAt)}`;
  switch (cmd) {
    case 'StartLiveEvent':
    case 'StartBroadcastingReminder':
      return [{ type: 'StreamStarted', key: `${stream}:live`, at, room }];
    case 'StopLiveEvent':
    case 'EndBroadcastingReminder':
      return [{ type: 'StreamEnded', key: `${stream}:end`, at, room }];
    case 'StartRecording':
      return [{ type: 'SessionStarted', key: `${session}:start`, at, room, session }];
    case 'RecordingEnd': {
      // Sent once per session, after its reconnects: every video file of the session is done.
      const files: KindEvent[] = card.DownInfo.DownloadFileList.VideoFile.map((path) => ({
        type: 'FileClosed',
        key: `ddtv:file:${path}`,
        at,
        room,
        path,
      }));
      return [...files, { type: 'SessionEnded', key: `${session}:end`, at, room, session }];
    }
    default:
      return [];
  }
}

function roomFacts(card: RoomCard): RoomFacts {
  const facts: RoomFacts = { roomId: card.RoomId, name: card.Name };
  if (card.Title) facts.title = card.Title.Value;
  if (card.short_id) facts.shortId = card.short_id.Value;
  if (card.area_v2_parent_name) facts.areaParent = card.area_v2_parent_name.Value;
  if (card.area_v2_name) facts.areaChild = card.area_v2_name.Value;
  return facts;
}

/** The stream's start from bilibili (`live_time`, seconds), or a stretch of the receipt time. */
function streamStart(card: RoomCard, receivedAt: number): string {
  const seconds = card.live_time?.Value ?? 0;
  return seconds > 0 ? String(seconds) : sessionStart(card, receivedAt);
}

/** The session's start as DDTV keeps it, or a stretch of the receipt time when it has none. */
function sessionStart(card: RoomCard, receivedAt: number): string {
  const start = kindTimestamp(card.DownInfo.StartTime);
  // DDTV's default is the Unix epoch: no session yet.
  if (start !== undefined && !start.startsWith('1970-01-01')) return start;
  return `t${Math.floor(receivedAt / FALLBACK_BUCKET_MS)}`;
}
