import type { RoomState } from '../../shared/model';
import { formatRecorderTimestamp, timestampMs } from '../../shared/recorder/timestamp';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { Language } from '../../shared/settings';
import type { Happening } from './happening';

/** Room id of the app's test events: no real room has it, so its popup links nowhere. */
export const TEST_ROOM_ID = 0;

/** The kinds of test event the window can send. */
export type TestEventKind = 'StreamStarted' | 'FileClosed';

/**
 * A webhook body exactly as the recorder would send it for a made-up room, so that "send test
 * event" exercises the whole path: HTTP, parsing, journal, policy, popup.
 */
export function buildTestWebhook(
  kind: TestEventKind,
  options: {
    id: string;
    sessionId: string;
    now: number;
    offsetMinutes: number;
    language: Language;
  },
): Record<string, unknown> {
  const at = (ms: number) => formatRecorderTimestamp(ms, options.offsetMinutes);
  const name = options.language === 'zh-CN' ? 'Recorder Tray 测试' : 'Recorder Tray test';
  const title = options.language === 'zh-CN' ? '这是一条测试通知' : 'This is a test notification';
  const common = {
    RoomId: TEST_ROOM_ID,
    ShortId: 0,
    Name: name,
    Title: title,
    AreaNameParent: 'Recorder Tray',
    AreaNameChild: 'test',
    Recording: kind === 'FileClosed',
    Streaming: true,
    DanmakuConnected: true,
  };
  const opened = options.now - 60_000;
  const data =
    kind === 'FileClosed'
      ? {
          SessionId: options.sessionId,
          RelativePath: `${TEST_ROOM_ID}-${name}/录制-test-${new Date(opened).toISOString().replace(/\D/g, '').slice(0, 14)}.flv`,
          FileSize: 123_456_789,
          Duration: 60.0,
          FileOpenTime: at(opened),
          FileCloseTime: at(options.now),
          ...common,
        }
      : common;
  return { EventType: kind, EventTimestamp: at(options.now), EventId: options.id, EventData: data };
}

/**
 * The happening of a test event or a replay, built without touching the recorder state (the room
 * may be made up, and a replayed event already happened once).
 */
export function testHappenings(
  webhook: RecorderWebhook,
  source: 'test' | 'replay' = 'test',
): Happening[] {
  if (webhook.type === 'FileClosedV1') return testHappenings(v1AsFileClosed(webhook), source);
  if (webhook.type !== 'StreamStarted' && webhook.type !== 'FileClosed') return [];
  const d = webhook.data;
  const at = timestampMs(webhook.timestamp);
  const room: RoomState = {
    roomId: d.RoomId,
    shortId: d.ShortId,
    name: d.Name,
    title: d.Title,
    areaNameParent: d.AreaNameParent,
    areaNameChild: d.AreaNameChild,
    streaming: true,
    recording: webhook.type === 'FileClosed',
    danmakuConnected: true,
    updatedAt: at,
  };
  if (webhook.type === 'StreamStarted')
    return [{ kind: 'StreamStarted', roomId: d.RoomId, at, room, source }];
  const f = webhook.data;
  return [
    {
      kind: 'FileClosed',
      roomId: d.RoomId,
      at,
      room,
      source,
      sessionId: f.SessionId,
      file: {
        roomId: f.RoomId,
        sessionId: f.SessionId,
        relativePath: f.RelativePath,
        name: f.Name,
        title: f.Title,
        fileSize: f.FileSize,
        durationSeconds: f.Duration,
        openedAt: f.FileOpenTime,
        closedAt: f.FileCloseTime,
        finished: true,
      },
    },
  ];
}

/** A V1 body seen as the V2 FileClosed it stands for (no session, no duration). */
function v1AsFileClosed(
  webhook: Extract<RecorderWebhook, { type: 'FileClosedV1' }>,
): RecorderWebhook {
  const d = webhook.data;
  return {
    format: 'v2',
    type: 'FileClosed',
    id: webhook.id,
    timestamp: webhook.timestamp,
    data: {
      ...d,
      ShortId: 0,
      AreaNameParent: '',
      AreaNameChild: '',
      SessionId: '',
      Duration: 0,
      FileOpenTime: d.StartRecordTime,
      FileCloseTime: d.EndRecordTime,
    },
  };
}
