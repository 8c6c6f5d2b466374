import type { RecorderPolling } from '../adapters/recorder-polling';
import type { EventPipeline } from '../core/event-pipeline';
import type { AppCore } from './app-core';
import type { Observers } from './observers';
import { buildPolling } from './polling-step';
import type { RecorderConnectionState } from './recorder-connection';
import { SetupNotices } from './setup-notices';

/** Polling, and what the app knows of the recorder's reachability and its webhooks. */
export interface RecorderWatch {
  polling: RecorderPolling;
  notices: SetupNotices;
  /** Epoch ms of the last real webhook from the recorder (not test events). */
  lastWebhookAt(): number | undefined;
}

/**
 * Builds polling of the recorder's API, keeps its connection state and the set-up notices in
 * force, and notes every real webhook (a notice that webhooks are missing ends with one).
 */
export function watchRecorder(
  core: AppCore,
  parts: {
    pipeline: EventPipeline;
    observers: Observers;
    connection: RecorderConnectionState;
    webhookUrl: () => string;
  },
): RecorderWatch {
  const { events, statePush, clock } = core;
  const notices = new SetupNotices();
  const polling = buildPolling({
    ...core,
    pipeline: parts.pipeline,
    observers: parts.observers,
    webhookUrl: parts.webhookUrl,
    statusChanged: (status, message, statusContext) => {
      parts.connection.set(status, statusContext);
      if (status === 'ok') notices.clear('recorderUnreachable');
      events.emit('recorder:status', { status, message });
      statePush.request();
    },
    notice: (notice) => {
      notices.add(notice, clock());
      // With the recording guardian on, its recorder-unreachable problem is this notice's popup.
      if (notice.kind !== 'recorderUnreachable' || !core.settings().guardian.enabled)
        events.emit('setup:notice', notice);
      statePush.request();
    },
  });
  let lastWebhookAt: number | undefined;
  parts.observers.observe({
    webhook: (webhook, at) => {
      lastWebhookAt = at;
      if (webhook.type !== 'unknown') polling.sync.webhookSeen(webhook.data.RoomId);
      if (notices.clear('webhooksMissing')) statePush.request();
    },
  });
  return { polling, notices, lastWebhookAt: () => lastWebhookAt };
}
