import type { AppState } from '../../shared/app-state';
import type { OpenProblem } from '../../shared/problem';
import type { SettingsStore } from '../adapters/settings-store';
import type { EventPipeline } from '../core/event-pipeline';
import { attentionView } from '../core/attention-view';
import type { AppCore } from './app-core';
import type { HostStatePort } from './app-ports';
import type { ListenerBinding } from './listener-binding';
import type { Listener } from './listener-step';
import type { RecorderConnectionState } from './recorder-connection';
import type { RecorderWatch } from './recorder-watch';
import type { Storage } from './storage';

/** What the state is read from. */
export interface StateSources {
  store: Pick<SettingsStore, 'trouble'>;
  storage: Storage;
  pipeline: EventPipeline;
  listener: Listener;
  binding: ListenerBinding;
  connection: RecorderConnectionState;
  watch: RecorderWatch;
  problems: () => OpenProblem[];
  host: HostStatePort | undefined;
}

/** The state the window and the tray show, read afresh from the app's parts at each call. */
export function stateView(core: AppCore, from: StateSources): () => AppState {
  return () => {
    const s = core.settings();
    const bound = from.listener.server.address;
    const lastWebhookAt = from.watch.lastWebhookAt();
    const notices = from.watch.notices.list();
    const problems = from.problems();
    const trouble = from.storage.history.trouble ?? from.store.trouble;
    return {
      rooms: from.pipeline.state.rooms.list(),
      recorder: from.connection.view(s, core.language()),
      listener: {
        webhookUrl: from.listener.webhookUrl(),
        host: bound?.host ?? s.listener.host,
        port: bound?.port ?? s.listener.port,
        running: bound !== undefined,
        ...(from.binding.error ? { error: from.binding.error } : {}),
        ...(lastWebhookAt !== undefined ? { lastWebhookAt } : {}),
      },
      pause: { pausedUntil: s.notifications.pausedUntil },
      attention: attentionView(s.notifications, core.clock()),
      unreadCount: from.storage.history.queries.unreadCount(),
      // Present only while writing the data folder fails.
      ...(trouble !== undefined ? { storage: { trouble } } : {}),
      language: core.language(),
      ...(notices.length > 0 ? { notices } : {}),
      ...(problems.length > 0 ? { problems } : {}),
      ...from.host?.read(),
    };
  };
}
