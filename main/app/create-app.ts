import type { AppInfo, AppState } from '../../shared/app-state';
import type { ContractHandlers } from '../../shared/ipc-contract';
import { createAppContext, type AppContext } from './app-context';
import type { AppPorts, RunningApp, SeamedPorts } from './app-ports';
import type { TestSeams } from './test-seams';
import { appShellActions } from './shell-actions';
import { contractHandlers } from './handlers/contract-handlers';
import type { HandlerDeps } from './handlers/handler-deps';
import { appLifecycle } from './lifecycle';
import { buildListener, ListenerBinding, type Listener } from './listener';
import type { EventPipeline } from '../core/event-pipeline';
import { buildPipeline } from './pipeline';
import type { PushSink } from '../features/push/app/push-sink';
import { RecorderLinks } from './recorder-links';
import { prepareRecovery } from './recovery';
import { attachSinks } from './sinks';
import { attachSources, Observers } from './sources';
import { stateView, type StateSources } from './state';
import { openPictures } from '../features/pictures/app/pictures';
import { openStorage, type Storage } from './storage';
import type { CleanUpReader } from '../features/clean-up/app/clean-up-handlers';
import { openCleanUp } from '../features/clean-up/app/clean-up';
import { buildJobs } from '../features/jobs/app/build-jobs';
import type { JobsEngine } from '../features/jobs/app/jobs-engine';
import { buildPhone, type Phone } from '../features/phone/app/build-phone';

/**
 * The app object: builds every part in the order they depend on each other, and hands the host
 * a narrow handle. Both hosts (the Electron glue and headless mode) start the app through it.
 * Order: context (settings, events) → storage → sinks → pipeline, jobs and recovery → listener →
 * one link per recorder → sources → state → handlers → the phone's bots over them → lifecycle.
 */
export function createApp(ports: AppPorts): Promise<RunningApp> {
  return assembleApp(ports);
}

/** The app with what only tests give (main/app/testing.ts is its one caller besides createApp). */
export async function assembleApp(hostPorts: AppPorts, seams: TestSeams = {}): Promise<RunningApp> {
  const ports: SeamedPorts = { ...hostPorts, ...seams };
  const context = createAppContext(ports);
  const { stateChanged, settings } = context;
  const storage = await openStorage(ports.dataDir, context.clock, context.log, {
    onTrouble: () => stateChanged(), // the window and the tray say so (AppState.storage)
    ...(ports.limits ? { limits: ports.limits } : {}),
    ...(ports.fdatasync ? { fdatasync: ports.fdatasync } : {}),
  });
  const { sinks, push, dispatcher } = attachSinks(context, ports, storage);
  const pictures = await openPictures(context);
  // The event pipeline, what observes it, and recovery of what the journal holds.
  const observers = new Observers(context.reportFailure('observer'), context.settings);
  const pipeline = buildPipeline({
    context,
    history: storage.history,
    sinks,
    observers,
    effectsOf: (entry) => dispatcher.effectsOf(entry),
    stepped: () => recovery.settle(),
    withPictures: (notification) => pictures.fill(notification),
    awaitPictures: (roomId, ready) => pictures.awaitPictures(roomId, ready),
    apiAnswers: (recorderId) => links.get(recorderId ?? '')?.startsRooms ?? false,
  });
  // Jobs acting on finished recordings (issue 33): queued by their starter, a source below.
  const { engine, starter } = buildJobs(context, ports, { storage, pipeline });
  const recovery = prepareRecovery({ ...context, pipeline, storage, dispatcher });
  // Rebuilt by now: the deliveries its live rooms came from are spared by the pruning.
  await storage.startPruning(() => pipeline.streamDeliveries());
  // One link per recorder (poller, connection, commands), and the listener with one URL each.
  const links: RecorderLinks = new RecorderLinks({
    context,
    pipeline,
    observers,
    sinks,
    webhookUrl: (recorderId) => listener.webhookUrl(recorderId),
  });
  const listener = buildListener({
    context,
    version: ports.info.version,
    storage,
    pipeline,
    observers,
    fed: recovery.fed,
    webhookSeen: (recorderId, roomId, at) => links.get(recorderId)?.webhookSeen(roomId, at),
  });
  const binding = new ListenerBinding(listener, context.log);
  const cleanUp = await openCleanUp(context, ports, { pipeline, storage, jobs: engine });
  const attached = { pipeline, observers, pictures, history: storage.history, links, cleanUp };
  const sources = attachSources(context, ports, { ...attached, webhookUrl: listener.webhookUrl });
  const state = pushedState(context, ports, {
    store: ports.store,
    storage,
    pipeline,
    listener,
    binding,
    links,
    problems: sources.problems,
    host: ports.hostState,
    pictures: (rooms) => pictures.decorate(rooms),
    jobs: () => engine.counts(),
  });
  const shellActions = appShellActions(context, ports);
  const handlerParts = { storage, listener, shellActions, state, links, push, cleanUp, engine };
  const { handlers, phone } = appHandlers(context, ports, { ...handlerParts, pipeline });
  const lifecycle = appLifecycle(context, {
    storage,
    sinks,
    pipeline,
    recovery,
    listener,
    binding,
    links,
    sources: [...sources.sources, phone],
    sourceContext: sources.context,
    jobs: { engine, starter },
  });
  const { runAction } = shellActions;
  return { ...lifecycle, handlers, state, settings, runAction, ...reach(context, listener, links) };
}

/** How a host reaches the running app's listener and recorders. */
function reach(
  context: AppContext,
  listener: Listener,
  links: RecorderLinks,
): Pick<RunningApp, 'subscribe' | 'webhookUrl' | 'webhookUrls' | 'pollNow'> {
  return {
    subscribe: (listenerFn) => context.events.subscribe(listenerFn),
    webhookUrl: () => listener.webhookUrl(),
    webhookUrls: () =>
      Object.fromEntries(
        context.settings().recorders.map((r) => [r.id, listener.webhookUrl(r.id)]),
      ),
    pollNow: (options) => links.pollNow(options),
  };
}

/** The state the window and tray show, pushed (coalesced, made when read) whenever a part asks. */
function pushedState(
  context: AppContext,
  ports: Pick<AppPorts, 'hostState'>,
  sources: StateSources,
): () => AppState {
  const state = stateView(context, sources);
  ports.hostState?.onChange(() => context.stateChanged());
  context.statePushes.onFire(() => context.events.emitMade('state:changed', state));
  return state;
}

/** About this copy of the app, for the window. */
function appInfo(context: AppContext, ports: AppPorts): AppInfo {
  return {
    ...ports.info,
    dataDir: ports.dataDir,
    canPickFolder: ports.pickFolder !== undefined,
    lockedSettings: [...context.settingsView.locked],
  };
}

/**
 * The contract's handlers over the app's parts, and the phone's bots (issue 43): their commands go
 * through these same handlers, and Settings → Push shows their state through them.
 */
function appHandlers(
  context: AppContext,
  ports: SeamedPorts,
  parts: Pick<HandlerDeps, 'listener' | 'shellActions' | 'state'> & {
    links: RecorderLinks;
    storage: Storage;
    push: PushSink;
    cleanUp: CleanUpReader;
    engine: JobsEngine;
    /** The whole listener: the phone adds its route to it. */
    listener: Listener;
    /** Where the phone's commands are recorded in the history. */
    pipeline: Pick<EventPipeline, 'record'>;
  },
): { handlers: ContractHandlers; phone: Phone } {
  const phone = buildPhone({
    context,
    handlers: () => handlers,
    state: parts.state,
    listener: parts.listener,
    pipeline: parts.pipeline,
    ...(ports.setTimer ? { setTimer: ports.setTimer } : {}),
  });
  const handlers: ContractHandlers = contractHandlers(
    {
      ...context,
      store: ports.store,
      history: parts.storage.history,
      eventLog: parts.storage.eventLog,
      listener: parts.listener,
      links: parts.links,
      shellActions: parts.shellActions,
      state: parts.state,
      info: appInfo(context, ports),
      pollNow: () => parts.links.pollNow(),
      ...(ports.pickFolder ? { pickFolder: ports.pickFolder } : {}),
    },
    parts.push,
    phone,
    parts.cleanUp,
    parts.engine,
  );
  return { handlers, phone };
}
