import type { ContractHandlers } from '../../../shared/ipc-contract';
import { attentionHandlers } from './attention';
import { fileHandlers } from './files';
import type { HandlerDeps } from './handler-deps';
import { historyHandlers } from './history';
import { jobsHandlers, type JobsControl } from '../../features/jobs/app/jobs-handlers';
import { pushHandlers } from '../../features/push/app/push-handlers';
import { recorderHandlers } from './recorder';
import { cleanUpHandlers, type CleanUpReader } from '../../features/clean-up/app/clean-up-handlers';
import { roomHandlers } from './rooms';
import { settingsHandlers } from './settings';

/** Every handler of the IPC contract, from the topic files. */
export function contractHandlers(
  deps: HandlerDeps,
  push: Parameters<typeof pushHandlers>[0],
  phone: Parameters<typeof pushHandlers>[1],
  cleanUp: CleanUpReader,
  jobs: JobsControl,
): ContractHandlers {
  return {
    ...settingsHandlers(deps),
    ...historyHandlers(deps),
    ...fileHandlers(deps),
    ...recorderHandlers(deps),
    // The recorder's one client (its link's; a recorder added a moment ago has one already).
    ...roomHandlers({ ...deps, client: (recorderId) => deps.links.get(recorderId)?.client() }),
    ...attentionHandlers(deps),
    ...pushHandlers(push, phone, () => deps.settings().pushTargets.map((t) => t.url)),
    ...cleanUpHandlers(cleanUp),
    ...jobsHandlers({ ...deps, jobs }),
  };
}
