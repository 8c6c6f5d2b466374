import type { StreamDown } from '../../../../shared/i18n/kind-text';
import type { RecorderSetting } from '../../../../shared/settings';
import type { HappeningSource, SourceContext } from '../../../core/plug-ins';
import type { BackOff } from '../core/back-off';
import { streamedKindOf } from './kind-connection';
import type * as StreamOpeners from './stream-openers';
import type { KindStream } from './stream-openers';

/** The openers' module: its stream clients (`ws`, `eventsource-parser`) load with it. */
type Openers = typeof StreamOpeners;

/** How often the recorders' settings are looked at for streams to open or close. */
const RECONCILE_MS = 2_000;

/** What the streams need besides the source's context. */
export interface KindStreamsOptions {
  /** The recorder's webhook URL on the app's own listener (the relay's target). */
  webhookUrl: (recorderId: string) => string;
  /** A stream went down (with why) or came back (undefined): for the recorder's light. */
  streamState?: (recorderId: string, down: StreamDown | undefined) => void;
  backOff?: BackOff;
}

/**
 * blrec read over its WebSocket (`/ws/v1/events` at the recorder's address, its API key in
 * `x-api-key`, kept in the recorder's password field) and bililive-go over its Server-Sent
 * Events (`/api/sse`): each event is relayed to the recorder's own webhook URL, so it is read,
 * journaled and deduped as a webhook would be (the same event both ways is one). Streams follow
 * the settings; a drop reconnects with back-off. The openers (and their clients) are loaded at
 * the first such recorder: a default install has none, and a module parsed at start stays in
 * headless mode's memory for as long as it runs (issue 41).
 */
export function kindStreamsSource(options: KindStreamsOptions): HappeningSource {
  const sockets = new Map<string, { key: string; socket: KindStream }>();
  let timer: NodeJS.Timeout | undefined;
  let context: SourceContext | undefined;
  let openers: Openers | undefined;
  let loading: Promise<void> | undefined;

  const reconcile = (): void => {
    if (!context) return;
    const wanted = new Map<string, RecorderSetting>();
    for (const recorder of context.recorders())
      if (streamedKindOf(recorder) && recorder.url.trim() !== '') wanted.set(recorder.id, recorder);
    if (!openers) {
      if (wanted.size > 0)
        loading ??= import('./stream-openers').then(
          (loaded) => {
            openers = loaded;
            reconcile();
          },
          (error: unknown) => {
            loading = undefined; // the next look tries again
            context?.log.error(`recorder streams could not be loaded: ${String(error)}`);
          },
        );
      return;
    }
    for (const [id, open] of sockets) {
      const recorder = wanted.get(id);
      if (recorder && streamKey(recorder) === open.key) continue;
      sockets.delete(id);
      void open.socket.stop();
    }
    for (const [id, recorder] of wanted) {
      if (sockets.has(id)) continue;
      const socket = openStream(openers, recorder, context, options);
      sockets.set(id, { key: streamKey(recorder), socket });
      socket.start();
    }
  };

  return {
    name: 'recorder-kind-streams',
    // Started with the streams open when a recorder has one, as before they were loaded late.
    async start(started) {
      context = started;
      reconcile();
      timer = setInterval(reconcile, RECONCILE_MS);
      timer.unref?.();
      await loading;
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
  return JSON.stringify([recorder.kind, recorder.url.trim(), recorder.password]);
}

function openStream(
  { blrecSocket, bililiveGoStream }: Openers,
  recorder: RecorderSetting,
  context: SourceContext,
  options: KindStreamsOptions,
): KindStream {
  const wiring = {
    webhookUrl: () => options.webhookUrl(recorder.id),
    streamState: (down: StreamDown | undefined) => options.streamState?.(recorder.id, down),
    log: context.log,
    ...(options.backOff ? { backOff: options.backOff } : {}),
  };
  return recorder.kind === 'blrec'
    ? blrecSocket(recorder, wiring)
    : bililiveGoStream(recorder, wiring);
}
