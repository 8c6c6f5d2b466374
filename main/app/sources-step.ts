import type { OpenProblem } from '../../shared/problem';
import { GuardianSource } from '../adapters/guardian/guardian-source';
import type { EventPipeline } from '../core/event-pipeline';
import type { AppCore } from './app-core';
import type { AppPorts } from './app-ports';
import type { Observers } from './observers';
import type { HappeningSource, SourceContext } from './plug-ins';

/** The sources as attached, with the context they start with. */
export interface AttachedSources {
  sources: readonly HappeningSource[];
  context: SourceContext;
  /** The recording guardian's open problems (tray light, Rooms badge). */
  problems(): OpenProblem[];
}

/**
 * The one place sources of happenings attach (besides webhooks and polls): the recording
 * guardian, the rooms' pictures (which offers none: it watches, and fills notifications and
 * rooms), then the host's extras. Each offers happenings through the pipeline's door.
 */
export function attachSources(
  core: AppCore,
  ports: Pick<AppPorts, 'sources'>,
  parts: { pipeline: EventPipeline; observers: Observers; pictures?: HappeningSource },
): AttachedSources {
  const guardian = new GuardianSource();
  guardian.onProblemsChanged(() => core.statePush.request());
  return {
    sources: [guardian, ...(parts.pictures ? [parts.pictures] : []), ...(ports.sources ?? [])],
    context: {
      ...core,
      offer: (happening) => parts.pipeline.offer(happening),
      observe: (observer) => parts.observers.observe(observer),
      rooms: () => parts.pipeline.state.rooms.list(),
    },
    problems: () => guardian.problems(),
  };
}
