import { SqliteJobStore } from '../adapters/jobs-table';
import { jobNotification } from '../core/job-notification';
import type { EventPipeline } from '../../../core/event-pipeline';
import type { HappeningSource } from '../../../core/plug-ins';
import { localRecordingRoot } from '../../../adapters/file-access';
import { nodeCrypto } from '../../../adapters/node-crypto';
import type { AppContext } from '../../../app/app-context';
import type { SeamedPorts } from '../../../app/app-ports';
import type { Storage } from '../../../app/storage';
import { JobsEngine } from './jobs-engine';
import { jobsIntake, lastFinishedFile } from './jobs-intake';

/** The jobs engine and the source that queues its jobs. */
export interface BuiltJobs {
  engine: JobsEngine;
  intake: HappeningSource;
}

/**
 * Builds the jobs engine on the app's parts: its changes go to the window (`jobs:changed`), the
 * state (the tray counts running jobs) and headless lines; an ended job's popup goes through the
 * pipeline's record, like the app's other notices (history, popup, push targets).
 */
export function buildJobs(
  context: AppContext,
  ports: Pick<SeamedPorts, 'jobStore' | 'jobBackOffMs'>,
  parts: { storage: Storage; pipeline: Pick<EventPipeline, 'record'> },
): BuiltJobs {
  const { settings } = context;
  const engine = new JobsEngine({
    clock: context.clock,
    log: context.log,
    settings,
    store: ports.jobStore ?? new SqliteJobStore(parts.storage.database, (m) => context.log.warn(m)),
    changed: (job) => {
      context.events.emit('jobs:changed', job);
      context.stateChanged();
    },
    ended: (job) => {
      const notification = jobNotification(job, {
        notifyDone: settings().actions.notifyDone,
        language: context.language(),
        now: context.clock(),
      });
      if (notification) parts.pipeline.record({ notification, decision: { shown: true } });
    },
    recordingRoots: () =>
      settings()
        .recorders.map((recorder) => localRecordingRoot(recorder))
        .filter((root): root is string => root !== undefined),
    lastFile: () => lastFinishedFile(parts.storage.history.queries, settings()),
    newId: () => `job-${nodeCrypto().randomUUID()}`,
    ...(ports.jobBackOffMs ? { backOffMs: ports.jobBackOffMs } : {}),
  });
  return { engine, intake: jobsIntake(engine) };
}
