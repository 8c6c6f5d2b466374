import type { AppState } from '../../shared/app-state';
import type { JobCounts } from '../../shared/jobs';
import type { OpenProblem } from '../../shared/problem';
import type { SettingsStore } from '../adapters/settings-store';
import type { EventPipeline } from '../core/event-pipeline';
import { attentionView } from '../core/room-attention';
import type { AppContext } from './app-context';
import type { HostStatePort } from './app-ports';
import type { Listener, ListenerBinding } from './listener';
import type { RecorderLinks } from './recorder-links';
import type { Storage } from './storage';

/** What the state is read from. */
export interface StateSources {
  store: Pick<SettingsStore, 'trouble'>;
  storage: Storage;
  pipeline: EventPipeline;
  listener: Listener;
  binding: ListenerBinding;
  links: RecorderLinks;
  problems: () => OpenProblem[];
  host: HostStatePort | undefined;
  /** The rooms with their pictures where known. */
  pictures?: (rooms: AppState['rooms']) => AppState['rooms'];
  /** Jobs acting on recordings, by state. */
  jobs?: () => JobCounts;
}

/** The state the window and the tray show, read afresh from the app's parts at each call. */
export function stateView(context: AppContext, from: StateSources): () => AppState {
  return () => {
    const s = context.settings();
    const language = context.language();
    const bound = from.listener.server.address;
    const links = from.links.list();
    const webhookTimes = links.flatMap((link) => link.lastWebhookAt ?? []);
    const lastWebhookAt = webhookTimes.length > 0 ? Math.max(...webhookTimes) : undefined;
    const notices = links.flatMap((link) => link.notices());
    const problems = from.problems();
    const trouble = from.storage.trouble() ?? from.store.trouble;
    const jobs = from.jobs?.();
    return {
      rooms: from.pictures ? from.pictures(from.pipeline.rooms()) : from.pipeline.rooms(),
      recorder: from.links.connection(language),
      recorders: links.map((link) => link.view(language)),
      listener: {
        webhookUrl: from.listener.webhookUrl(),
        host: bound?.host ?? s.listener.host,
        port: bound?.port ?? s.listener.port,
        running: bound !== undefined,
        ...(from.binding.error ? { error: from.binding.error } : {}),
        ...(lastWebhookAt !== undefined ? { lastWebhookAt } : {}),
      },
      pause: { pausedUntil: s.notifications.pausedUntil },
      attention: attentionView(s.notifications, context.clock()),
      unreadCount: from.storage.history.queries.unreadCount(),
      // Present only while writing the data folder fails.
      ...(trouble !== undefined ? { storage: { trouble } } : {}),
      language,
      ...(notices.length > 0 ? { notices } : {}),
      ...(problems.length > 0 ? { problems } : {}),
      ...(jobs && jobs.queued + jobs.running + jobs.failed > 0 ? { jobs } : {}),
      ...from.host?.read(),
    };
  };
}
