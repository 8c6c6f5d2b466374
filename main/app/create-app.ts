import { fileCheck } from '../adapters/file-access';
import type { AppInfo } from '../../shared/app-state';
import { filesSettledBy } from '../core/recovery';
import { createAppCore, type AppCore } from './app-core';
import { appLifecycle } from './app-lifecycle';
import type { AppHandle, AppPorts } from './app-ports';
import { clickGuard } from './click-guard';
import { contractHandlers } from './handlers/contract-handlers';
import { ListenerBinding } from './listener-binding';
import { buildListener } from './listener-step';
import { Observers } from './observers';
import { buildPipeline } from './pipeline-step';
import { RecorderConnectionState, recorderConfigured } from './recorder-connection';
import { watchRecorder, type RecorderWatch } from './recorder-watch';
import type { HandlerDeps } from './handlers/handler-deps';
import type { PushSink } from './push/push-sink';
import type { ContractHandlers } from '../../shared/ipc-contract';
import { keyedFile, prepareRecovery, type JournalRecovery } from './recovery-step';
import { attachSinks } from './sinks-step';
import { attachSources } from './sources-step';
import { stateView } from './state-view';
import { openStorage, type Storage } from './storage';
import type { DecisionSinks } from './decision-sinks';
import type { EventPipeline } from '../core/event-pipeline';

/**
 * The app object: builds every part in the order they depend on each other, and hands the host
 * a narrow handle. Both hosts (the Electron glue and headless mode) start the app through it.
 * Steps: core (settings, events) → storage → sinks → pipeline → recovery → listener → polling →
 * sources → state → handlers → lifecycle.
 */
export async function createApp(ports: AppPorts): Promise<AppHandle> {
  const core = createAppCore(ports);
  const { clock, settings, statePush, events } = core;
  const storage = await openStorage(ports.dataDir, clock, core.log, {
    onTrouble: () => statePush.request(), // the window and the tray say so (AppState.storage)
  });
  const { sinks, push } = attachSinks(core, ports, storage);

  // The core's one door, what observes it, and recovery of what the journal holds.
  const observers = new Observers(core.reportFailure('observer'));
  const connection = new RecorderConnectionState();
  const { pipeline, recovery } = applyJournal(core, { storage, sinks, observers, connection });

  // The listener, and the recorder's API.
  const listener = buildListener({
    ...core,
    version: ports.info.version,
    storage,
    pipeline,
    observers,
    fed: recovery.fed,
  });
  const binding = new ListenerBinding(listener, core.log);
  const watch = watchRecorder(core, {
    pipeline,
    observers,
    connection,
    webhookUrl: listener.webhookUrl,
  });

  const sources = attachSources(core, ports, { pipeline, observers, history: storage.history });

  const state = stateView(core, {
    store: ports.store,
    storage,
    pipeline,
    listener,
    binding,
    connection,
    watch,
    problems: sources.problems,
    host: ports.hostState,
  });
  ports.hostState?.onChange(() => statePush.request());
  statePush.onFire(() => events.emit('state:changed', state()));
  const actions = clickGuard(core, ports);
  const handlers = appHandlers(core, ports, { storage, listener, actions, state, watch, push });
  const lifecycle = appLifecycle(core, {
    storage,
    sinks,
    pipeline,
    recovery,
    listener,
    binding,
    polling: watch.polling,
    connection,
    sources: sources.sources,
    sourceContext: sources.context,
  });
  return {
    handlers,
    state,
    settings,
    subscribe: (listenerFn) => events.subscribe(listenerFn),
    webhookUrl: listener.webhookUrl,
    pollNow: (options) => watch.polling.pollNow(options),
    runAction: actions.runAction,
    start: lifecycle.start,
    stop: lifecycle.stop,
  };
}

/** About this copy of the app, for the window. */
function appInfo(core: AppCore, ports: AppPorts): AppInfo {
  return {
    ...ports.info,
    dataDir: ports.dataDir,
    canPickFolder: ports.pickFolder !== undefined,
    lockedSettings: [...core.settingsView.locked],
  };
}

/**
 * The core's one door, wired to the history and the sinks, with the room state rebuilt from the
 * journal; what lies past the processed mark is run through it at start (recovery).
 */
function applyJournal(
  core: AppCore,
  parts: {
    storage: Storage;
    sinks: DecisionSinks;
    observers: Observers;
    connection: RecorderConnectionState;
  },
): { pipeline: EventPipeline; recovery: JournalRecovery } {
  const { clock, settings, statePush, events } = core;
  const { storage, sinks, observers, connection } = parts;
  const pipeline = buildPipeline({
    ...core,
    history: storage.history,
    sinks,
    observers,
    checkFile: (file) => fileCheck(file.relativePath, settings(), core.log),
    roomsTouched: () => statePush.request(),
    roomFlagsChanged: (rooms) => events.emit('rooms:flagsChanged', { rooms }),
    // Popups offer buttons that need the recorder's API only while it answers.
    apiReady: () => connection.answering && recorderConfigured(settings()),
  });
  // A finished file is remembered as long as the Files list keeps it, not only as long as the
  // compacted journal does: a late V1 of a file listed before a restart is not a new file.
  const processedThrough = storage.processedThrough ?? storage.intake.journalSeq;
  pipeline.state.rememberFinished(
    filesSettledBy(storage.history.queries.list('files'), processedThrough),
  );
  const recovery = prepareRecovery({
    ...core,
    pipeline,
    history: storage.history,
    journaled: storage.replay,
    processedThrough: storage.processedThrough,
    journalSeq: storage.intake.journalSeq,
    listFile: (happening) => {
      const file = keyedFile(happening, clock());
      if (file) storage.history.addFile(file);
    },
  });

  return { pipeline, recovery };
}

/** The contract's handlers over the app's parts. */
function appHandlers(
  core: AppCore,
  ports: AppPorts,
  parts: Pick<HandlerDeps, 'listener' | 'actions' | 'state'> & {
    storage: Storage;
    watch: RecorderWatch;
    push: PushSink;
  },
): ContractHandlers {
  return contractHandlers(
    {
      ...core,
      store: ports.store,
      history: parts.storage.history,
      listener: parts.listener,
      actions: parts.actions,
      state: parts.state,
      info: appInfo(core, ports),
      pollNow: () => parts.watch.polling.pollNow(),
      stateChanged: () => core.statePush.request(),
      ...(ports.pickFolder ? { pickFolder: ports.pickFolder } : {}),
    },
    parts.push,
  );
}
