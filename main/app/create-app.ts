import type { AppState } from '../../shared/app-state';
import { languageForLocale } from '../../shared/format';
import type { ContractHandlers } from '../../shared/ipc-contract';
import type { Language } from '../../shared/settings';
import { systemLocale } from '../adapters/app-paths';
import { checkLocalRecordingPath, fileCheck } from '../adapters/file-access';
import { GuardianSource } from '../adapters/guardian/guardian-source';
import { errorDetail } from '../core/log-text';
import { ShellActions } from '../core/shell-actions';
import { AppEventBus, CoalescedSignal } from './app-events';
import type { AppHandle, AppPorts } from './app-ports';
import { DecisionSinks } from './decision-sinks';
import { fileHandlers } from './handlers/files';
import type { HandlerDeps } from './handlers/handler-deps';
import { historyHandlers } from './handlers/history';
import { recorderHandlers } from './handlers/recorder';
import { roomHandlers } from './handlers/rooms';
import { settingsHandlers } from './handlers/settings';
import { pushHandlers } from './handlers/push';
import { PushSink } from './push/push-sink';
import { ListenerBinding } from './listener-binding';
import { buildListener } from './listener-step';
import { Observers } from './observers';
import { buildPipeline } from './pipeline-step';
import type { DecisionSink, HappeningSource, PlugInContext, SourceContext } from './plug-ins';
import { buildPolling } from './polling-step';
import { RecorderConnectionState, recorderConfigured } from './recorder-connection';
import { createSettingsView } from './settings-view';
import { SetupNotices } from './setup-notices';
import { openStorage } from './storage';

// State pushes to the window are coalesced: a poll of 500 rooms changes many rooms at once.
const STATE_DEBOUNCE_MS = 150;

/**
 * The app object: builds every part in the order they depend on each other, and hands the host
 * a narrow handle. Both hosts (the Electron glue and headless mode) start the app through it.
 * Steps: settings → events → storage → sinks → pipeline → listener → polling → state → handlers
 * → sources.
 */
export async function createApp(ports: AppPorts): Promise<AppHandle> {
  const { log } = ports;
  const clock = ports.clock ?? Date.now;

  // Settings, and the language in force (the system's is looked up once: an Intl call each).
  const settingsView = createSettingsView(ports.store, ports.overrides);
  const settings = settingsView.current;
  const systemLanguage = languageForLocale(systemLocale());
  const language = (): Language => settings().language ?? systemLanguage;
  const context: PlugInContext = { clock, log, dataDir: ports.dataDir, settings, language };

  // Events to the hosts, and the coalesced state push.
  const reportFailure = (what: string) => (error: unknown) =>
    log.error(`${what}: ${errorDetail(error)}`);
  const events = new AppEventBus(reportFailure('event listener'));
  const statePush = new CoalescedSignal(STATE_DEBOUNCE_MS);

  // Storage: the journal behind the intake, the history, the event log.
  const storage = await openStorage(ports.dataDir, clock, log);

  // Sinks: every decision, after the history recorded it.
  const sinks = new DecisionSinks(log);
  const windowSink: DecisionSink = {
    name: 'window',
    decided: (entry) => {
      events.emit('notification:added', entry);
      statePush.request();
    },
  };
  // Push targets: phones and chats, through an outbox; each outcome kept with its notification.
  const push = new PushSink({
    onAttempt: (attempt) => events.emit('push:attempt', attempt),
    onResult: (id, record) => storage.history.recordPush(id, record),
  });
  attachSinks(sinks, [ports.popups, windowSink, push, ...(ports.sinks ?? [])]);

  // The core's one door, and what observes it.
  const observers = new Observers(reportFailure('observer'));
  const pipeline = buildPipeline({
    clock,
    log,
    settings,
    language,
    history: storage.history,
    sinks,
    observers,
    checkFile: (file) => fileCheck(file.relativePath, settings(), log),
    roomsTouched: () => statePush.request(),
    roomFlagsChanged: (rooms) => events.emit('rooms:flagsChanged', { rooms }),
  });
  pipeline.replay(storage.replay);

  // The listener, and polling of the recorder's API.
  const listener = buildListener({
    version: ports.info.version,
    clock,
    log,
    settings,
    language,
    storage,
    pipeline,
    observers,
  });
  const binding = new ListenerBinding(listener, log);
  const recorder = new RecorderConnectionState();
  const notices = new SetupNotices();
  const polling = buildPolling({
    clock,
    log,
    settings,
    language,
    pipeline,
    observers,
    webhookUrl: listener.webhookUrl,
    statusChanged: (status, message, statusContext) => {
      recorder.set(status, statusContext);
      if (status === 'ok') notices.clear('recorderUnreachable');
      events.emit('recorder:status', { status, message });
      statePush.request();
    },
    notice: (notice) => {
      notices.add(notice, clock());
      // The guardian's recorder-unreachable problem is this notice's popup now (issue 14).
      if (notice.kind !== 'recorderUnreachable' || !settings().guardian.enabled)
        events.emit('setup:notice', notice);
      statePush.request();
    },
  });
  let lastWebhookAt: number | undefined;
  observers.observe({
    webhook: (webhook, at) => {
      lastWebhookAt = at;
      if (webhook.type !== 'unknown') polling.sync.webhookSeen(webhook.data.RoomId);
      if (notices.clear('webhooksMissing')) statePush.request();
    },
  });

  // The recording guardian (issue 14): problems pop up through the policy, open ones are state.
  const guardian = new GuardianSource();
  guardian.onProblemsChanged(() => statePush.request());

  // The state the window and the tray show, pushed when it changes.
  const state = (): AppState => {
    const s = settings();
    const bound = listener.server.address;
    const inForce = notices.list();
    const problems = guardian.problems();
    return {
      rooms: pipeline.state.rooms.list(),
      recorder: recorder.view(s, language()),
      listener: {
        webhookUrl: listener.webhookUrl(),
        host: bound?.host ?? s.listener.host,
        port: bound?.port ?? s.listener.port,
        running: bound !== undefined,
        ...(binding.error ? { error: binding.error } : {}),
        ...(lastWebhookAt !== undefined ? { lastWebhookAt } : {}),
      },
      pause: { pausedUntil: s.notifications.pausedUntil },
      unreadCount: storage.history.queries.unreadCount(),
      language: language(),
      ...(inForce.length > 0 ? { notices: inForce } : {}),
      ...(problems.length > 0 ? { problems } : {}),
    };
  };
  statePush.onFire(() => events.emit('state:changed', state()));

  // The contract's handlers, and the guard every click passes.
  const actions = new ShellActions({
    shell: ports.shell,
    recorderBaseUrl: () => settings().recorder.url,
    checkPath: (path, use) =>
      checkLocalRecordingPath(path, use, {
        recordingRoot: settings().recordingRoot,
        pathMappings: settings().pathMappings,
      }),
    openWindow: ports.openWindow,
    log,
  });
  const handlerDeps: HandlerDeps = {
    clock,
    settings,
    language,
    store: ports.store,
    history: storage.history,
    listener,
    actions,
    state,
    info: {
      ...ports.info,
      dataDir: ports.dataDir,
      canPickFolder: ports.pickFolder !== undefined,
      lockedSettings: [...settingsView.locked],
    },
    pollNow: () => polling.pollNow(),
    stateChanged: () => statePush.request(),
    ...(ports.pickFolder ? { pickFolder: ports.pickFolder } : {}),
  };
  const handlers: ContractHandlers = {
    ...settingsHandlers(handlerDeps),
    ...historyHandlers(handlerDeps),
    ...fileHandlers(handlerDeps),
    ...recorderHandlers(handlerDeps),
    ...roomHandlers(handlerDeps),
    ...pushHandlers(push),
  };

  // Sources of happenings besides webhooks and polls.
  const sources: HappeningSource[] = [];
  attachSources(sources, [guardian, ...(ports.sources ?? [])]);
  const sourceContext: SourceContext = {
    ...context,
    offer: (happening) => pipeline.offer(happening),
    observe: (observer) => observers.observe(observer),
    rooms: () => pipeline.state.rooms.list(),
  };

  // Settings changes are applied one after another: two overlapping rebinds would leak one.
  let applying: Promise<unknown> = Promise.resolve();
  const stopWatchingSettings = settingsView.onChange((previous) => {
    const current = settings();
    if (!recorderConfigured(current)) recorder.reset();
    applying = applying
      .then(async () => {
        await binding.rebindIfMoved(previous, current);
        if (JSON.stringify(current.recorder) !== JSON.stringify(previous.recorder))
          await polling.reconfigure();
      })
      .catch(reportFailure('settings change'))
      .finally(() => statePush.request());
  });

  let stopping: Promise<void> | undefined;
  return {
    handlers,
    state,
    settings,
    subscribe: (listenerFn) => events.subscribe(listenerFn),
    webhookUrl: listener.webhookUrl,
    pollNow: (options) => polling.pollNow(options),
    runAction: actions.runAction,
    async start() {
      await sinks.start(context);
      const result = await binding.bind(settings());
      await polling.reconfigure();
      for (const source of sources) await source.start(sourceContext);
      statePush.request();
      return result;
    },
    stop: () =>
      (stopping ??= (async () => {
        // Each step runs whatever the one before did: the journal and history must always close.
        stopWatchingSettings();
        try {
          await applying;
          for (const source of sources.toReversed()) await source.stop();
          await polling.stop();
          await listener.server.stop();
          await pipeline.drain();
          pipeline.policy.flush();
          await sinks.stop();
        } finally {
          statePush.cancel();
          events.close();
          await storage.close();
        }
      })()),
  };
}

/** The one place sinks attach: the host's popup first, then the window, then the rest. */
function attachSinks(sinks: DecisionSinks, attached: readonly DecisionSink[]): void {
  sinks.attach(...attached);
}

/** The one place sources attach (the recording guardian, test sources). */
function attachSources(sources: HappeningSource[], attached: readonly HappeningSource[]): void {
  sources.push(...attached);
}
