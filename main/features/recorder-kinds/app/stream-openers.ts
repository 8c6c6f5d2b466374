import * as z from 'zod';
import {
  kindCommandFailureText,
  streamDownText,
  type StreamDown,
  type StreamedKind,
} from '../../../../shared/i18n/kind-text';
import { safeParseUnknown, jsonOrUndefined } from '../../../../shared/parse';
import { BililiveGoFrame } from '../../../../shared/recorder-kinds/bililive-go';
import type { RecorderSetting } from '../../../../shared/settings';
import type { Logger } from '../../../core/ports';
import type { BackOff } from '../core/back-off';
import { apiBase, blrecKey, kindGet } from '../adapters/kind-commands';
import { EventSocket } from '../adapters/event-socket';
import { EventSourceStream } from '../adapters/event-source-stream';
import { relayToListener } from '../adapters/listener-relay';

/** A stream of a recorder's events, opened and closed by the streams source. */
export interface KindStream {
  start(): void;
  stop(): Promise<void>;
}

/** What opening a stream needs: where its events go, how it logs, its back-off. */
export interface StreamWiring {
  /** The recorder's webhook URL, asked at each event (a rebind moves it). */
  webhookUrl: () => string;
  log: Logger;
  /** A stream went down (with why) or came back (undefined). */
  streamState: (down: StreamDown | undefined) => void;
  backOff?: BackOff;
}

/** bililive-go's frames this app reads; the rest (logs, danmaku, speeds) are not relayed. */
const BILILIVE_GO_FRAMES = new Set(['live_update', 'pipeline_task_update']);
/** bililive-go events after which its room's names or stream start may have changed. */
const REFRESHING = /"event_type":"(LiveStart|RoomNameChanged|RecorderStart)"/;

/** blrec's `/ws/v1/events` at the recorder's address, its API key as `x-api-key`. */
export function blrecSocket(recorder: RecorderSetting, wiring: StreamWiring): KindStream {
  const url = `${apiBase(recorder).replace(/^http/i, 'ws')}/ws/v1/events`;
  return new EventSocket({
    url,
    headers: blrecKey(recorder),
    ...(wiring.backOff ? { backOff: wiring.backOff } : {}),
    onMessage: (text) => relay(recorder, wiring, text),
    onState: stateLog('blrec', recorder, url, wiring),
  });
}

/** bililive-go's `/api/sse`, each frame relayed with the room its id names. */
export function bililiveGoStream(recorder: RecorderSetting, wiring: StreamWiring): KindStream {
  const base = apiBase(recorder);
  const url = `${base}/api/sse`;
  const lives = new Map<string, unknown>();
  return new EventSourceStream({
    url,
    ...(wiring.backOff ? { backOff: wiring.backOff } : {}),
    onEvent: async ({ name, data }) => {
      if (!BILILIVE_GO_FRAMES.has(name)) return;
      const frame = safeParseUnknown(BililiveGoFrame(), jsonOrUndefined(data));
      if (!frame.ok)
        return wiring.log.warn(`${recorder.id}: a frame it cannot read: ${frame.reasons[0]}`);
      const id = frame.value.room_id;
      try {
        // Its room behind the id: `GET /api/lives/{id}` (src/servers/handler.go getLive).
        if (!lives.has(id) || REFRESHING.test(data)) {
          const liveUrl = `${base}/api/lives/${encodeURIComponent(id)}`;
          const live = await kindGet(liveUrl, z.looseObject({}));
          if (!live.ok) {
            const why = kindCommandFailureText('bililive-go', live.failure, 'en');
            return wiring.log.warn(`${recorder.id}: room ${id} not read (${liveUrl}): ${why}`);
          }
          lives.set(id, live.value);
        }
      } catch (error) {
        return wiring.log.warn(`${recorder.id}: room ${id} not read: ${String(error)}`);
      }
      await relay(recorder, wiring, JSON.stringify({ frame: frame.value, live: lives.get(id) }));
    },
    onState: stateLog('bililive-go', recorder, url, wiring),
  });
}

async function relay(recorder: RecorderSetting, wiring: StreamWiring, text: string): Promise<void> {
  try {
    const status = await relayToListener(wiring.webhookUrl(), text);
    if (status >= 300)
      wiring.log.warn(`${recorder.id}: an event of its stream was answered ${status}`);
  } catch (error) {
    wiring.log.error(
      `${recorder.id}: an event of its stream did not reach the listener: ${String(error)}`,
    );
  }
}

/** Logs a stream's state when it changes, not at every try while the recorder is away. */
function stateLog(
  kind: StreamedKind,
  recorder: RecorderSetting,
  url: string,
  wiring: StreamWiring,
) {
  const { log } = wiring;
  let wasUp: boolean | undefined;
  return (state: { up: true } | ({ up: false } & StreamDown)): void => {
    const { up, ...down } = state;
    wiring.streamState(up ? undefined : (down as StreamDown));
    if (state.up === wasUp && (state.up || !state.final)) return;
    wasUp = state.up;
    if (state.up) return log.info(`${recorder.id}: event stream connected (${url})`);
    log.warn(`${recorder.id}: ${streamDownText(kind, state, url, 'en')}`);
  };
}
