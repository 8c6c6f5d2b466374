import type { RecorderSetting } from '../../../../shared/settings';
import type { HappeningSource, SourceContext } from '../../../core/plug-ins';
import type { BackOff } from '../core/back-off';
import { EventSocket } from '../adapters/event-socket';
import { relayToListener } from '../adapters/listener-relay';

/** How often the recorders' settings are looked at for streams to open or close. */
const RECONCILE_MS = 2_000;

/** What the streams need besides the source's context. */
export interface KindStreamsOptions {
  /** The recorder's webhook URL on the app's own listener (the relay's target). */
  webhookUrl: (recorderId: string) => string;
  backOff?: BackOff;
}

/**
 * blrec read over its WebSocket (`/ws/v1/events` at the recorder's address, its API key in
 * `x-api-key`, kept in the recorder's password field): each event is relayed to the recorder's
 * own webhook URL, so it is read, journaled and deduped as its webhook would be (the same event
 * both ways is one). Streams follow the settings; a drop reconnects with back-off.
 */
export function kindStreamsSource(options: KindStreamsOptions): HappeningSource {
  const sockets = new Map<string, { key: string; socket: EventSocket }>();
  let timer: NodeJS.Timeout | undefined;
  let context: SourceContext | undefined;

  const reconcile = (): void => {
    if (!context) return;
    const wanted = new Map<string, RecorderSetting>();
    for (const recorder of context.recorders())
      if (recorder.kind === 'blrec' && recorder.url.trim() !== '')
        wanted.set(recorder.id, recorder);
    for (const [id, open] of sockets) {
      const recorder = wanted.get(id);
      if (recorder && streamKey(recorder) === open.key) continue;
      sockets.delete(id);
      void open.socket.stop();
    }
    for (const [id, recorder] of wanted) {
      if (sockets.has(id)) continue;
      const socket = openSocket(recorder, context, options);
      sockets.set(id, { key: streamKey(recorder), socket });
      socket.start();
    }
  };

  return {
    name: 'recorder-kind-streams',
    start(started) {
      context = started;
      reconcile();
      timer = setInterval(reconcile, RECONCILE_MS);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      context = undefined;
      const open = [...sockets.values()];
      sockets.clear();
      await Promise.all(open.map(({ socket }) => socket.stop()));
    },
  };
}

function streamKey(recorder: RecorderSetting): string {
  return JSON.stringify([recorder.url.trim(), recorder.password]);
}

function openSocket(
  recorder: RecorderSetting,
  context: SourceContext,
  options: KindStreamsOptions,
): EventSocket {
  const { log } = context;
  const url = `${recorder.url.trim().replace(/^http/i, 'ws').replace(/\/+$/, '')}/ws/v1/events`;
  const headers: Record<string, string> = recorder.password
    ? { 'x-api-key': recorder.password }
    : {};
  let wasUp: boolean | undefined;
  return new EventSocket({
    url,
    headers,
    ...(options.backOff ? { backOff: options.backOff } : {}),
    onMessage: async (text) => {
      try {
        const status = await relayToListener(options.webhookUrl(recorder.id), text);
        if (status >= 300)
          log.warn(`${recorder.id}: an event of its stream was answered ${status}`);
      } catch (error) {
        log.error(
          `${recorder.id}: an event of its stream did not reach the listener: ${String(error)}`,
        );
      }
    },
    onState: (state) => {
      // Said when it changes, not at every try while the recorder is away.
      if (state.up === wasUp && !('final' in state && state.final)) return;
      wasUp = state.up;
      if (state.up) return log.info(`${recorder.id}: event stream connected (${url})`);
      const then = state.final
        ? 'not retried (a wrong API key would get this address blocked)'
        : 'retrying';
      log.warn(`${recorder.id}: event stream down: ${state.reason}; ${then}`);
    },
  });
}
