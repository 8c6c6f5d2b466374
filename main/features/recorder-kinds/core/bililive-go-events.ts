import { safeParseUnknown } from '../../../../shared/parse';
import { platformRoomOfUrl } from '../../../../shared/platforms';
import {
  BililiveGoLiveUpdate,
  BililiveGoRelayed,
  BililiveGoTask,
  type BililiveGoLive,
} from '../../../../shared/recorder-kinds/bililive-go';
import type { KindEvent, KindParse, KindParseContext, RoomFacts } from './kind-event';
import { receiptTimestamp } from './kind-time';

/** `live_update` events read, by bililive-go's name (src/servers/sse.go RegisterSSEEventListeners). */
type LiveEventType =
  'StreamStarted' | 'StreamEnded' | 'SessionStarted' | 'SessionEnded' | 'RoomChanged';
const LIVE_EVENTS: Readonly<Record<string, LiveEventType | null>> = {
  LiveStart: 'StreamStarted',
  LiveEnd: 'StreamEnded',
  RecorderStart: 'SessionStarted',
  RecorderStop: 'SessionEnded',
  RoomNameChanged: 'RoomChanged',
  ListenStart: null,
  ListenStop: null,
  RoomInitializingFinished: null,
};

/**
 * Reads one bililive-go frame, with the room its id names, into the app's happenings. Frames
 * carry no event id: a `live_update` is keyed by the room, the event and its time, a file by its
 * path. A finished recording is the `initial_files` of the pipeline task made for it.
 */
export function bililiveGoEvents(body: unknown, context: KindParseContext): KindParse {
  const relayed = safeParseUnknown(BililiveGoRelayed(), body);
  if (!relayed.ok) return relayed;
  const { frame, live } = relayed.value;
  const room = roomOf(live);
  const prefix = `bililive-go:${frame.room_id}`;
  if (frame.type === 'live_update') {
    const update = safeParseUnknown(BililiveGoLiveUpdate(), frame.data);
    if (!update.ok) return { ok: false, reasons: update.reasons.map((r) => `frame.data.${r}`) };
    const { event_type: name, timestamp } = update.value;
    const type = LIVE_EVENTS[name];
    if (type === undefined)
      return { ok: false, reasons: [`frame.data.event_type: not one this app knows: ${name}`] };
    if (type === null) return { ok: true, value: [] };
    const at = new Date(timestamp * 1000).toISOString();
    const key = `${prefix}:${name}:${timestamp}`;
    if (type === 'SessionStarted' || type === 'SessionEnded') {
      const session = `${prefix}:${live.last_start_time_unix}`;
      return { ok: true, value: [{ type, key, at, room, session }] };
    }
    return { ok: true, value: [{ type, key, at, room }] };
  }
  if (frame.type === 'pipeline_task_update') {
    const task = safeParseUnknown(BililiveGoTask(), frame.data);
    if (!task.ok) return { ok: false, reasons: task.reasons.map((r) => `frame.data.${r}`) };
    const at = receiptTimestamp(context.receivedAt);
    const files: KindEvent[] = task.value.initial_files
      .filter((file) => file.type === 'video')
      .map((file) => ({
        type: 'FileClosed',
        key: `bililive-go:file:${file.path}`,
        at,
        room,
        path: file.path,
      }));
    return { ok: true, value: files };
  }
  return {
    ok: false,
    reasons: [`frame.type: not a bililive-go event this app reads: ${frame.type}`],
  };
}

/** The room a bililive-go live stands for: (platform, room) from its URL (shared/platforms.ts). */
export function bililiveGoRoom(live: Pick<BililiveGoLive, 'live_url' | 'platform_cn_name'>) {
  return platformRoomOfUrl(live.live_url, live.platform_cn_name);
}

function roomOf(live: BililiveGoLive): RoomFacts {
  return { ...bililiveGoRoom(live), name: live.host_name, title: live.room_name };
}
