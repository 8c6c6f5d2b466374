import type { AppInfo, AppState, RecorderConnection } from '../shared/app-state';
import type { EventChannel, EventPayload } from '../shared/ipc-contract';
import type { ContractHandlers } from '../shared/ipc-contract';
import type { AppNotification } from '../shared/model';
import { checkLocalRecordingPath } from './adapters/file-access';
import type { SettingsStore } from './adapters/settings-store';
import { createAppService } from './app-service';
import { composeApp, type ComposedApp } from './compose';
import type { Logger } from './core/ports';
import type { SetupNotice } from './core/recorder-sync';
import { ShellActions, type ShellLike } from './core/shell-actions';
import {
  recorderOffMessage,
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../shared/recorder/connection-status';
import type { Language, Settings } from '../shared/settings';
import type { RoomState } from '../shared/model';

/** What a host (headless CLI or the Electron glue) gives the runtime. */
export interface RuntimeHost {
  dataDir: string;
  info: Omit<AppInfo, 'dataDir'>;
  log: Logger;
  /** The stored settings; changes made through the contract are written there. */
  store: SettingsStore;
  /** Values that win over the stored settings without being written (headless flags). */
  overrides?: (stored: Settings) => Settings;
  /** Pops up a notification the policy decided to show. */
  showNotification: (notification: AppNotification) => void;
  /** Electron's shell, or the desktop opener in headless mode; guarded by ShellActions. */
  shell: ShellLike;
  /** Shows the app's window (the tray's "open window", a summary click). */
  openWindow: () => void;
  /** A native folder dialog, where there is one; resolves null when cancelled. */
  pickFolder?: (current: string) => Promise<string | null>;
  onRecorderStatus?: (status: RecorderStatus, message: string) => void;
  onRoomsChanged?: (rooms: RoomState[]) => void;
  onNotice?: (notice: SetupNotice) => void;
}

/** Listener of main→window events. */
export type RuntimeEventListener = <E extends EventChannel>(
  event: E,
  payload: EventPayload<E>,
) => void;

/** The running app, whatever shows it: the core, the contract's handlers and its events. */
export interface AppRuntime {
  app: ComposedApp;
  handlers: ContractHandlers;
  actions: ShellActions;
  settings(): Settings;
  state(): AppState;
  /** Subscribes to state and notification events (for IPC broadcast or server-sent events). */
  onEvent(listener: RuntimeEventListener): () => void;
  /** Binds the listener (a bind failure is reported in the state, not thrown) and starts polling. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

// State pushes are coalesced: a poll of 500 rooms changes many at once.
const STATE_DEBOUNCE_MS = 150;

/** Builds the core, its history and settings handling, and the contract handlers over them. */
export async function startRuntime(host: RuntimeHost): Promise<AppRuntime> {
  // Overrides are applied once per stored version, not per call: the core asks for the settings
  // several times per webhook.
  let memo: { stored: Settings; value: Settings } | undefined;
  const effective = (): Settings => {
    const stored = host.store.get();
    if (!host.overrides) return stored;
    if (memo?.stored !== stored) memo = { stored, value: host.overrides(stored) };
    return memo.value;
  };
  const listeners = new Set<RuntimeEventListener>();
  const emit: RuntimeEventListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  // The last answer of the recorder; its message is worded when the state is read, so that it is
  // always in the language in force ('off': nothing has answered yet, or no recorder URL).
  let recorder: { status: RecorderConnection['status']; context: RecorderStatusContext } = {
    status: 'off',
    context: {},
  };
  let listenerError: string | undefined;
  let stateTimer: ReturnType<typeof setTimeout> | undefined;
  const stateChanged = () => {
    stateTimer ??= setTimeout(() => {
      stateTimer = undefined;
      emit('state:changed', state());
    }, STATE_DEBOUNCE_MS);
  };

  const app = await composeApp({
    dataDir: host.dataDir,
    version: host.info.version,
    settings: effective,
    log: host.log,
    showNotification: host.showNotification,
    onDecided: (entry) => {
      emit('notification:added', entry);
      stateChanged();
    },
    onRoomsUpdated: stateChanged,
    onRoomsChanged: (rooms) => host.onRoomsChanged?.(rooms),
    onRecorderStatus: (status, message, context) => {
      recorder = { status, context };
      host.onRecorderStatus?.(status, message);
      stateChanged();
    },
    onNotice: (notice) => host.onNotice?.(notice),
  });

  const pathOptions = () => ({
    recordingRoot: effective().recordingRoot,
    pathMappings: effective().pathMappings,
  });
  const actions = new ShellActions({
    shell: host.shell,
    recorderBaseUrl: () => effective().recorder.url,
    checkPath: (path, use) => checkLocalRecordingPath(path, use, pathOptions()),
    openWindow: host.openWindow,
    log: host.log,
  });

  const state = (): AppState => {
    const s = effective();
    const bound = app.server.address;
    return {
      rooms: app.pipeline.state.rooms.list(),
      recorder: recorderConnection(recorder, s, app.language()),
      listener: {
        webhookUrl: app.webhookUrl(),
        host: bound?.host ?? s.listener.host,
        port: bound?.port ?? s.listener.port,
        running: bound !== undefined,
        ...(listenerError ? { error: listenerError } : {}),
      },
      pause: { pausedUntil: s.notifications.pausedUntil },
      unreadCount: app.history.history.unreadCount(),
      language: app.language(),
    };
  };

  let previous = effective();
  // Changes are applied one after another: two overlapping rebinds or poller swaps would leak one.
  let applying: Promise<void> = Promise.resolve();
  host.store.onChange(() => {
    const before = previous;
    previous = effective();
    if (!recorderConfigured(previous)) recorder = { status: 'off', context: {} };
    applying = applying
      .then(() => app.settingsChanged(before))
      .then(
        ({ rebound }) => {
          if (rebound) listenerError = undefined;
        },
        (error: unknown) => {
          listenerError = String((error as Error).message ?? error);
          host.log.error(`listener: ${listenerError}`);
        },
      )
      .finally(stateChanged);
  });

  const handlers = createAppService({
    app,
    store: host.store,
    settings: effective,
    state,
    actions,
    info: { ...host.info, dataDir: host.dataDir, canPickFolder: host.pickFolder !== undefined },
    ...(host.pickFolder ? { pickFolder: host.pickFolder } : {}),
    stateChanged,
  });

  return {
    app,
    handlers,
    actions,
    settings: effective,
    state,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      try {
        await app.start();
      } catch (error) {
        listenerError = String((error as Error).message ?? error);
        host.log.error(`listener: ${listenerError}`);
      }
      await app.startPolling();
      stateChanged();
    },
    async stop() {
      await applying;
      if (stateTimer) clearTimeout(stateTimer);
      listeners.clear();
      await app.stop();
    },
  };
}

function recorderConfigured(settings: Settings): boolean {
  return settings.recorder.url.trim() !== '';
}

function recorderConnection(
  recorder: { status: RecorderConnection['status']; context: RecorderStatusContext },
  settings: Settings,
  language: Language,
): RecorderConnection {
  const message =
    recorder.status === 'off'
      ? recorderOffMessage(recorderConfigured(settings), language)
      : recorderStatusMessage(recorder.status, language, recorder.context);
  return { status: recorder.status, message };
}
