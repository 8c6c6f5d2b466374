import type { EventPipeline } from '../core/event-pipeline';
import type { HappeningSource, SourceContext } from '../core/plug-ins';
import type { AppContext } from './app-context';
import type { RunningApp } from './app-ports';
import type { Listener, ListenerBinding } from './listener';
import type { RecorderLinks } from './recorder-links';
import type { JournalRecovery } from './recovery';
import type { DecisionSinks } from './sinks';
import type { Storage } from './storage';
import { databaseReplacedNotice } from '../core/database-notice';

/** The parts the app starts and stops, in the order they were built. */
export interface LifecycleParts {
  storage: Storage;
  sinks: DecisionSinks;
  pipeline: EventPipeline;
  recovery: JournalRecovery;
  listener: Listener;
  binding: ListenerBinding;
  links: RecorderLinks;
  sources: readonly HappeningSource[];
  sourceContext: SourceContext;
  /**
   * The jobs acting on recordings and their starter: started before recovery, so that a finished
   * file recovered from the journal (answered, then the app killed) still gets its jobs; a job
   * already kept for the same rule and file is not queued twice. Stopped after the sources.
   */
  jobs?: { engine: { start(): Promise<void>; stop(): Promise<void> }; starter: HappeningSource };
}

/** How the app starts, follows settings changes, and stops. */
export type AppLifecycle = Pick<RunningApp, 'start' | 'stop'>;

/**
 * Starts the parts in the order they depend on each other (sinks, recovery, listener, recorder
 * links, sources) and stops them in reverse; settings changes rebind the listener and rebuild the
 * recorder links, one after another (two overlapping rebinds would leak one).
 */
export function appLifecycle(context: AppContext, parts: LifecycleParts): AppLifecycle {
  const { settings, stateChanged } = context;
  let applying: Promise<unknown> = Promise.resolve();
  const stopWatchingSettings = context.settingsView.onChange((previous) => {
    const current = settings();
    applying = applying
      .then(async () => {
        await parts.binding.rebindIfMoved(previous, current);
        if (JSON.stringify(current.recorders) !== JSON.stringify(previous.recorders))
          await parts.links.reconfigure();
      })
      .catch(context.reportFailure('settings change'))
      .finally(() => stateChanged());
  });

  let stopping: Promise<void> | undefined;
  return {
    async start() {
      await parts.sinks.start(context);
      // A damaged database replaced at open: told once the popups can be shown.
      const replaced = databaseReplacedNotice(parts.storage.database.replaced, context.language());
      if (replaced) parts.sinks.notice(replaced, context.clock());
      await parts.jobs?.engine.start();
      await parts.jobs?.starter.start(parts.sourceContext);
      await parts.recovery.run(); // before the listener: recovered happenings come first, in order
      const result = await parts.binding.bind(settings());
      await parts.links.reconfigure();
      for (const source of parts.sources) await source.start(parts.sourceContext);
      stateChanged();
      return result;
    },
    stop: () =>
      (stopping ??= (async () => {
        // Each step runs whatever the one before did: the journal and history must always close.
        stopWatchingSettings();
        try {
          await applying;
          for (const source of parts.sources.toReversed()) await source.stop();
          await parts.jobs?.starter.stop();
          await parts.jobs?.engine.stop(); // running steps' process trees stopped; they run again next start
          await parts.links.stop();
          await parts.listener.server.stop();
          await parts.pipeline.drain();
          parts.pipeline.policy.flush();
          await parts.sinks.stop();
          await parts.recovery.stop(); // the processed mark, once the history holds every decision
        } finally {
          context.statePushes.cancel();
          context.events.close();
          await parts.storage.close();
        }
      })()),
  };
}
