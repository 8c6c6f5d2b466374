import type { RecorderPolling } from '../adapters/recorder-polling';
import type { EventPipeline } from '../core/event-pipeline';
import type { AppCore } from './app-core';
import type { StartResult } from './app-ports';
import type { DecisionSinks } from './decision-sinks';
import type { ListenerBinding } from './listener-binding';
import type { Listener } from './listener-step';
import type { HappeningSource, SourceContext } from './plug-ins';
import { recorderConfigured, type RecorderConnectionState } from './recorder-connection';
import type { JournalRecovery } from './recovery-step';
import type { Storage } from './storage';

/** The parts the app starts and stops, in the order they were built. */
export interface LifecycleParts {
  storage: Storage;
  sinks: DecisionSinks;
  pipeline: EventPipeline;
  recovery: JournalRecovery;
  listener: Listener;
  binding: ListenerBinding;
  polling: RecorderPolling;
  connection: RecorderConnectionState;
  sources: readonly HappeningSource[];
  sourceContext: SourceContext;
}

/** How the app starts, follows settings changes, and stops. */
export interface AppLifecycle {
  start(): Promise<StartResult>;
  stop(): Promise<void>;
}

/**
 * Starts the parts in the order they depend on each other (sinks, recovery, listener, polling,
 * sources) and stops them in reverse; settings changes rebind the listener and re-poll, one after
 * another (two overlapping rebinds would leak one).
 */
export function appLifecycle(core: AppCore, parts: LifecycleParts): AppLifecycle {
  const { settings, statePush } = core;
  let applying: Promise<unknown> = Promise.resolve();
  const stopWatchingSettings = core.settingsView.onChange((previous) => {
    const current = settings();
    if (!recorderConfigured(current)) parts.connection.reset();
    applying = applying
      .then(async () => {
        await parts.binding.rebindIfMoved(previous, current);
        if (JSON.stringify(current.recorder) !== JSON.stringify(previous.recorder))
          await parts.polling.reconfigure();
      })
      .catch(core.reportFailure('settings change'))
      .finally(() => statePush.request());
  });

  let stopping: Promise<void> | undefined;
  return {
    async start() {
      await parts.sinks.start(core);
      await parts.recovery.run(); // before the listener: recovered happenings come first, in order
      const result = await parts.binding.bind(settings());
      await parts.polling.reconfigure();
      for (const source of parts.sources) await source.start(parts.sourceContext);
      statePush.request();
      return result;
    },
    stop: () =>
      (stopping ??= (async () => {
        // Each step runs whatever the one before did: the journal and history must always close.
        stopWatchingSettings();
        try {
          await applying;
          for (const source of parts.sources.toReversed()) await source.stop();
          await parts.polling.stop();
          await parts.listener.server.stop();
          await parts.pipeline.drain();
          parts.pipeline.policy.flush();
          await parts.sinks.stop();
          await parts.recovery.stop(); // the processed mark, once the history holds every decision
        } finally {
          statePush.cancel();
          core.events.close();
          await parts.storage.close();
        }
      })()),
  };
}
