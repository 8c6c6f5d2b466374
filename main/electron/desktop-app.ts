import path from 'node:path';
import type { AppNotification } from '../../shared/model';
import { SettingsStore } from '../adapters/settings-store';
import { createApp, isWindowEvent, popupSink, type AppPorts, type RunningApp } from '../app';
import { PopupButtonRunner } from '../hosts/popup-button-runner';
import type { Logger } from '../core/ports';
import { APP_ENTRY_URL, registerAppProtocol } from './app-protocol';
import { PICTURES_DIR } from '../features/pictures/adapters/picture-source';
import type { DesktopElectron } from './desktop-electron';
import { createDesktopTray } from './desktop-tray';
import { createBroadcast, registerIpcHandlers } from './ipc';
import { watchKeepAwake } from './keep-awake';
import { wasLaunchedHidden } from './login-item';
import { MainWindow } from './main-window';
import { Notifier } from './notifier';
import { PopupClicks } from './popup-clicks';
import { flushOnSessionEnd, type SessionEndOptions, type SessionEndWindow } from './session-end';
import { PopupHealthState } from '../hosts/popup-health-state';
import { platformLoginItems, reconcileStartAtLogin } from './start-at-login';
import type { LoginItemDeps } from './login-item';
import { appImageOf, updateInstaller } from './update-install';
import { errorMessage } from '../core/log-text';
import {
  appUserModelId,
  asksToQuit,
  opensWindowAtStart,
  secondInstanceShowsWindow,
} from './startup';
import { createTrayActions } from './tray-actions';
import type { AppUpdates } from './app-updater';
import { desktopUpdates } from './desktop-updates';
import { UpdateState } from './update-state';
import { combineHostStates } from './host-states';
import { mainWindowOptions } from './window-options';

/** Where the built app is, and test seams. */
export interface DesktopAppOptions {
  /** The build output: main/, preload/, renderer/, icons/ (dist/). */
  distDir: string;
  /** For testing: the app factory (default: createApp), e.g. to inject a clock. */
  createApp?: (ports: AppPorts) => Promise<RunningApp>;
  /** For testing: the clock the tray's pause display reads. */
  now?: () => number;
}

/** The running desktop app, for tests and the entry point. */
export interface DesktopApp {
  app: RunningApp;
  window: MainWindow;
  /** The updater of a packaged app (undefined in development runs). */
  updates: AppUpdates | undefined;
  /** Stops the app (flushing the journal), removes tray and window, then quits Electron. */
  quit(): Promise<void>;
}

/**
 * The desktop app's lifecycle: one instance, the window served from app://, IPC over the app's
 * handlers, the tray rendered from state, native popups, start at login, an immediate poll after
 * resume. Glue only: the rules are in the app object and in small pure functions (./startup).
 * Resolves to null when another instance already runs (that one is asked to show its window).
 */
export async function runDesktopApp<I, M>(
  electron: DesktopElectron<I, M>,
  options: DesktopAppOptions,
): Promise<DesktopApp | null> {
  const { app: electronApp, platform } = electron;
  // `--quit` starts nothing: it asks a running instance (through the lock's second-instance) to quit.
  if (!electronApp.requestSingleInstanceLock() || asksToQuit(electron.argv)) {
    electronApp.quit();
    return null;
  }
  // A second launch during start-up is remembered and honoured once the window can open.
  let showPending = false;
  let showWindow: () => void = () => {
    showPending = true;
  };
  let quitPending = false;
  let quitRunning: () => void = () => {
    quitPending = true;
  };
  electronApp.on('second-instance', (_event, argv) => {
    if (asksToQuit(argv)) quitRunning();
    else if (secondInstanceShowsWindow(argv)) showWindow();
  });
  // Any listener replaces Electron's default of quitting with the last window: the tray stays.
  electronApp.on('window-all-closed', () => undefined);
  if (platform === 'win32')
    electronApp.setAppUserModelId(appUserModelId(electronApp.isPackaged, electron.execPath));

  await electronApp.whenReady();
  if (platform === 'darwin') {
    // Tray-only: LSUIElement does this for the packaged app; this also covers `npm start`.
    electronApp.setActivationPolicy('accessory');
    electronApp.dock?.hide();
  }
  const running = await startDesktopParts(electron, options);
  quitRunning = () => void running.quit();
  if (quitPending) {
    quitRunning();
    return running;
  }
  showWindow = () => running.window.show();
  const launchedHidden = wasLaunchedHidden(electron.argv, platform, electronApp);
  if (showPending || opensWindowAtStart({ launchedHidden, firstRun: running.firstRun }))
    running.window.show();
  return running;
}

/** Builds the parts in the order they depend on each other, and starts the app. */
async function startDesktopParts<I, M>(
  electron: DesktopElectron<I, M>,
  options: DesktopAppOptions,
): Promise<DesktopApp & { firstRun: boolean }> {
  const { app: electronApp, platform } = electron;
  const { distDir } = options;
  const userData = electronApp.getPath('userData');
  const logsDir = electronApp.getPath('logs');
  const log = electron.createLogger(logsDir);
  const appIcon = path.join(distDir, 'icons', 'app.png');
  // First, before the settings and the app: a click in Action Center that started this run waits
  // for the toast activator (see desktopPopups).
  const { notifier, clicks, buttons, popupHealth } = desktopPopups(electron, log, appIcon);
  // electron-store keeps settings.json (headless mode and tests open the same file with
  // settings-file.ts).
  const store = await SettingsStore.open({ dir: userData, log, backend: electron.settingsBackend });
  const isDevelopment = !electronApp.isPackaged;

  registerAppProtocol(
    electron.protocol,
    path.join(distDir, 'renderer'),
    path.join(userData, PICTURES_DIR),
  );
  const window = new MainWindow({
    createWindow: electron.createWindow,
    options: mainWindowOptions({
      preloadPath: path.join(distDir, 'preload', 'preload.cjs'),
      isDevelopment,
      iconPath: appIcon,
    }),
    url: APP_ENTRY_URL,
    log,
  });
  const updateState = new UpdateState();

  const app = await (options.createApp ?? createApp)({
    dataDir: userData,
    info: { version: electronApp.getVersion(), platform, logsDir },
    log,
    store,
    popups: popupSink((notification) => void notifier.show(notification)),
    // Whether the system lets popups through, and a downloaded update: in the window and the tray.
    hostState: combineHostStates(popupHealth, updateState),
    shell: electron.shell,
    trash: (file) => electron.trashItem(file),
    openWindow: () => window.show(),
    pickFolder: (current) => electron.pickFolder(current),
  });
  clicks.connect(app.runAction);
  buttons.connect(app);
  const { loginItems, updates } = await loginAndUpdates(electron, {
    app,
    log,
    dataDir: userData,
    state: updateState,
    showPopup: (popup) => void notifier.show(popup),
  });

  const quit = wireDesktopShell(electron, {
    app,
    window,
    store,
    log,
    logsDir,
    isDevelopment,
    distDir,
    now: options.now,
    notifier,
    updates,
    loginItems,
    dataDir: userData,
  });
  const started = await app.start();
  if (started.ok)
    log.info(`started ${electronApp.getVersion()}; webhook URL ${started.webhookUrl}`);
  updates?.start();
  return { app, window, updates, quit, firstRun: store.loadReport.outcome === 'missing' };
}

/**
 * The login item and the updates, which share one fact: an AppImage update renames the file
 * (the old one is gone), and the autostart entry must follow it.
 */
async function loginAndUpdates<I, M>(
  electron: DesktopElectron<I, M>,
  parts: {
    app: RunningApp;
    log: Logger;
    dataDir: string;
    state: UpdateState;
    showPopup: (popup: AppNotification) => void;
  },
): Promise<{ loginItems: ReturnType<typeof platformLoginItems>; updates: AppUpdates | undefined }> {
  const { app: electronApp, platform } = electron;
  const { log } = parts;
  const loginItems = platformLoginItems({
    app: electronApp,
    platform,
    execPath: electron.execPath,
    argv: electron.argv,
    env: electron.env,
  });
  const updates = await desktopUpdates({
    updater: electron.updater,
    isPackaged: electronApp.isPackaged,
    version: electronApp.getVersion(),
    dataDir: parts.dataDir,
    platform,
    env: electron.env,
    paths: { resourcesPath: electron.resourcesPath, appPath: electronApp.getAppPath() },
    appImage: appImageOf(electron) !== undefined,
    app: parts.app,
    state: parts.state,
    showPopup: parts.showPopup,
    onAppImageRenamed: (file) => {
      try {
        if (loginItems.autostart.retargetSync(file))
          log.info(`start at login: the autostart entry now starts ${file}`);
      } catch (error) {
        log.error(
          `start at login: could not point the autostart entry at ${file}: ${errorMessage(error)}`,
        );
      }
    },
    log,
  });
  return { loginItems, updates };
}

/**
 * Native popups: the notifier with its click and button routes (connected once the app runs) and
 * its health (whether the system lets popups through). Built at start, right after ready: on
 * Windows Electron makes its notification presenter on first use, and only making it registers the
 * toast activator COM class (shell/browser/notifications/win/notification_presenter_win.cc:
 * NotificationPresenter::Create calls NotificationActivator::RegisterActivator). Until then a click
 * in Action Center that started the app (a cold start) has no one to go to, and arrives late, at
 * the first popup. `Notification.isSupported()` makes it (electron_api_notification.cc).
 */
function desktopPopups<I, M>(electron: DesktopElectron<I, M>, log: Logger, icon: string) {
  const clicks = new PopupClicks();
  const buttons = new PopupButtonRunner(log);
  const popupHealth = new PopupHealthState();
  const platform = electron.platform;
  const notifier = new Notifier({
    createNotification: (popup) => electron.notifications.create(popup),
    isSupported: () => electron.notifications.isSupported(),
    runAction: clicks.run,
    log,
    icon,
    onHealth: popupHealth.set,
    // Electron shows popup buttons on macOS and Windows only (NotificationAction type `button`).
    ...(platform === 'darwin' || platform === 'win32'
      ? { runButton: buttons.run, buttonLabel: buttons.label }
      : {}),
  });
  if (platform === 'win32' && !electron.notifications.isSupported())
    log.warn('notifier: Windows has no notification presenter for this app');
  electron.notifications.handleActivation?.((details) => notifier.handleActivation(details));
  // macOS: popups still in Notification Center from the last run open the window when clicked.
  electron.notifications
    .getHistory?.()
    .then((delivered) => notifier.adoptDelivered(delivered))
    .catch((error: unknown) =>
      log.warn(`notifier: no delivered popups to adopt: ${String(error)}`),
    );
  return { notifier, clicks, buttons, popupHealth };
}

/** What the shell around the app is built from. */
interface ShellParts {
  app: RunningApp;
  window: MainWindow;
  store: SettingsStore;
  log: Logger;
  logsDir: string;
  isDevelopment: boolean;
  distDir: string;
  now: (() => number) | undefined;
  notifier: Pick<Notifier, 'show'>;
  updates: AppUpdates | undefined;
  loginItems: LoginItemDeps;
  dataDir: string;
}

/** The shell around the app: IPC, the tray, start at login, resume, and how the app quits. */
function wireDesktopShell<I, M>(
  electron: DesktopElectron<I, M>,
  parts: ShellParts,
): () => Promise<void> {
  const { app, window, log, updates } = parts;
  const electronApp = electron.app;
  // What quitting takes down, in the order built; each part adds its own step when it exists.
  const teardown: (() => void)[] = [];
  const quit = quitSequence(electronApp, { app, window, log, teardown });
  if (updates) teardown.push(() => updates.stop());
  teardown.push(
    registerIpcHandlers({
      ipcMain: electron.ipcMain,
      handlers: app.handlers,
      log,
      validateResponses: parts.isDevelopment,
    }),
  );
  const broadcast = createBroadcast(() => window.webContents(), {
    validate: parts.isDevelopment,
    log,
  });
  teardown.push(
    reconcileStartAtLogin({
      store: parts.store,
      loginItems: parts.loginItems,
      isPackaged: electronApp.isPackaged,
      log,
    }),
  );
  const tray = trayFor(electron, parts, quit, updateInstaller(electron, parts, quit));
  teardown.push(() => tray.destroy());
  teardown.push(
    app.subscribe((message) => {
      if (isWindowEvent(message)) broadcast(message.event, message.payload);
      if (message.event === 'state:changed') tray.render(message.payload);
    }),
  );
  tray.render(app.state());
  teardown.push(watchKeepAwake(app, electron.powerSaveBlocker, (message) => log.info(message)));
  // Logoff, shutdown and restart flush too, though no before-quit comes then.
  teardown.push(flushOnSessionEnd(sessionEndOptions(electron, quit, log)));
  electron.powerMonitor.on('resume', () => app.pollNow({ rebaseline: true }));
  electronApp.on('activate', () => window.show()); // macOS: the app opened again from Finder
  return quit;
}

/** The tray, its menu's actions routed to the app's handlers and its guarded action runner. */
function trayFor<I, M>(
  electron: DesktopElectron<I, M>,
  parts: Pick<ShellParts, 'app' | 'window' | 'log' | 'logsDir' | 'distDir' | 'now'>,
  quit: () => Promise<void>,
  installUpdate: () => Promise<void>,
) {
  const { app, window, log } = parts;
  return createDesktopTray({
    electron,
    distDir: parts.distDir,
    actions: createTrayActions({
      handlers: app.handlers,
      runAction: app.runAction,
      shell: electron.shell,
      logsDir: parts.logsDir,
      showWindow: () => window.show(),
      quit,
      installUpdate,
      log,
    }),
    version: electron.app.getVersion(),
    currentState: () => app.state(),
    now: parts.now ?? Date.now,
    log,
  });
}

/** Session end flushes through the app's stop; quitting follows from there. */
function sessionEndOptions<I, M>(
  electron: DesktopElectron<I, M>,
  quit: () => Promise<void>,
  log: Logger,
): SessionEndOptions {
  return {
    electron: {
      platform: electron.platform,
      powerMonitor: electron.powerMonitor,
      createHiddenWindow: () => hiddenWindow(electron),
    },
    flush: quit,
    quit: () => undefined, // quit() ends with Electron's own quit
    log: (message) => log.info(message),
  };
}

/** A window never shown: Windows tells only top-level windows that the session ends. */
function hiddenWindow<I, M>(electron: DesktopElectron<I, M>): SessionEndWindow {
  const window = electron.createWindow({ show: false, width: 1, height: 1, skipTaskbar: true });
  return {
    // BrowserWindow's `on` is overloaded per event: each is registered by its own name.
    on: (event, listener) =>
      event === 'session-end'
        ? window.on('session-end', listener)
        : window.on('query-session-end', listener),
    destroy: () => window.destroy(),
  };
}

/**
 * How the app quits, whoever asks (the tray, an installer, the Dock): the shell's parts come
 * down, then the app stops (flushing popups and the journal), then Electron quits.
 */
function quitSequence(
  electronApp: DesktopElectron<unknown, unknown>['app'],
  parts: { app: RunningApp; window: MainWindow; log: Logger; teardown: (() => void)[] },
): (finalStep?: () => void) => Promise<void> {
  let stopping: Promise<void> | undefined;
  let stopped = false;
  // The last step is Electron's quit, or a restart into an update (which quits by itself).
  const quit = (finalStep: () => void = () => electronApp.quit()): Promise<void> =>
    (stopping ??= (async () => {
      for (const step of parts.teardown.toReversed()) step();
      parts.window.destroy();
      try {
        await parts.app.stop();
      } catch (error) {
        parts.log.error(`quit: the app did not stop cleanly: ${String(error)}`);
      }
      stopped = true;
      finalStep();
    })());
  // Windows logoff and shutdown do not emit before-quit
  // (https://github.com/electron/electron/issues/24301): session-end.ts covers those.
  electronApp.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void quit();
  });
  return quit;
}
