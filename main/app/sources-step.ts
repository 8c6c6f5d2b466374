import type { OpenProblem } from '../../shared/problem';
import { GuardianSource } from '../adapters/guardian/guardian-source';
import type { EventPipeline } from '../core/event-pipeline';
import type { AppCore } from './app-core';
import type { AppPorts } from './app-ports';
import type { Observers } from './observers';
import type { HappeningSource, SourceContext } from './plug-ins';
import type { HistoryStore } from '../adapters/history-store';
import { quietDigestSource } from './quiet-digest-source';
import { roomChangeSource } from './room-change-source';

/** The sources as attached, with the context they start with. */
export interface AttachedSources {
  sources: readonly HappeningSource[];
  context: SourceContext;
  /** The recording guardian's open problems (tray light, Rooms badge). */
  problems(): OpenProblem[];
}

/**
 * The one place sources of happenings attach (besides webhooks and polls): the recording
 * guardian, title and area changes, the quiet hours digest, then the host's extras (one named
 * as a built-in replaces it). Each offers happenings through the pipeline's door.
 */
export function attachSources(
  core: AppCore,
  ports: Pick<AppPorts, 'sources'>,
  parts: { pipeline: EventPipeline; observers: Observers; history: HistoryStore },
): AttachedSources {
  const guardian = new GuardianSource();
  guardian.onProblemsChanged(() => core.statePush.request());
  // Quiet hours' digest: what the policy held, from the history, as one popup at their end.
  const digest = quietDigestSource({
    history: () => parts.history.queries,
    record: (notification) => parts.pipeline.record({ notification, decision: { shown: true } }),
  });
  const extras = ports.sources ?? [];
  // A host's source replaces the built-in of the same name (tests hand in one on a fake clock).
  const builtIn = [guardian, roomChangeSource(), digest].filter(
    (source) => !extras.some((extra) => extra.name === source.name),
  );
  return {
    sources: [...builtIn, ...extras],
    context: {
      ...core,
      offer: (happening) => parts.pipeline.offer(happening),
      observe: (observer) => parts.observers.observe(observer),
      rooms: () => parts.pipeline.state.rooms.list(),
    },
    problems: () => guardian.problems(),
  };
}
