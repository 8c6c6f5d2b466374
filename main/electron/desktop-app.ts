import path from 'node:path';
import type { AppState } from '../../shared/app-state';
import { SettingsStore } from '../adapters/settings-store';
import { startRuntime, type AppRuntime, type RuntimeHost } from '../app-runtime';
import { APP_ENTRY_URL, registerAppProtocol } from './app-protocol';
import type { DesktopElectron } from './desktop-electron';
import { createDesktopTray } from './desktop-tray';
import { createBroadcast, registerIpcHandlers } from './ipc';
import { wasLaunchedHidden } from './login-item';
import { MainWindow } from './main-window';
import { Notifier } from './notifier';
import { loginItemDeps, syncStartAtLogin } from './start-at-login';
import { appUserModelId, opensWindowAtStart, secondInstanceShowsWindow } from './startup';
import { createTrayActions } from './tray-actions';
import { mainWindowOptions } from './window-options';

/** Where the built app is, and test seams. */
export interface DesktopAppOptions {
  /** The build output: main/, preload/, renderer/, icons/ (dist/). */
  distDir: string;
  /** For testing: the runtime factory (default: startRuntime). */
  startRuntime?: (host: RuntimeHost) => Promise<AppRuntime>;
  /** For testing: the clock the tray's pause display reads. */
  now?: () => number;
}

/** The running desktop app, for tests and the entry point. */
export interface DesktopApp {
  runtime: AppRuntime;
  window: MainWindow;
  /** Stops the runtime (flushing the journal), removes tray and window, then quits Electron. */
  quit(): Promise<void>;
}

/**
 * The desktop app's lifecycle: one instance, the window served from app://, IPC over the runtime's
 * handlers, the tray rendered from state, native popups, start at login, an immediate poll after
 * resume. Glue only: the rules are in the runtime and in small pure functions (./startup).
 * Resolves to null when another instance already runs (that one is asked to show its window).
 */
export async function runDesktopApp<I, M>(
  electron: DesktopElectron<I, M>,
  options: DesktopAppOptions,
): Promise<DesktopApp | null> {
  const { app, platform } = electron;
  const { distDir } = options;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  // A second launch during start-up is remembered and honoured once the window can open.
  let showPending = false;
  let showWindow: () => void = () => {
    showPending = true;
  };
  app.on('second-instance', (_event, argv) => {
    if (secondInstanceShowsWindow(argv)) showWindow();
  });
  // Any listener replaces Electron's default of quitting with the last window: the tray stays.
  app.on('window-all-closed', () => undefined);
  if (platform === 'win32')
    app.setAppUserModelId(appUserModelId(app.isPackaged, electron.execPath));

  await app.whenReady();
  if (platform === 'darwin') {
    // Tray-only: LSUIElement does this for the packaged app; this also covers `npm start`.
    app.setActivationPolicy('accessory');
    app.dock?.hide();
  }
  const userData = app.getPath('userData');
  const logsDir = app.getPath('logs');
  const log = electron.createLogger(logsDir);
  const store = await SettingsStore.open({ dir: userData, log });
  const isDevelopment = !app.isPackaged;
  const appIcon = path.join(distDir, 'icons', 'app.png');

  registerAppProtocol(electron.protocol, path.join(distDir, 'renderer'));
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
  const notifier = new Notifier({
    createNotification: (popup) => electron.notifications.create(popup),
    isSupported: () => electron.notifications.isSupported(),
    // Clicks come after start-up, when `runtime` is set.
    runAction: (action) => runtime.actions.runAction(action),
    log,
    icon: appIcon,
  });
  const runtime = await (options.startRuntime ?? startRuntime)({
    dataDir: userData,
    info: { version: app.getVersion(), platform, logsDir },
    log,
    store,
    shell: electron.shell,
    showNotification: (notification) => void notifier.show(notification),
    openWindow: () => window.show(),
    pickFolder: (current) => electron.pickFolder(current),
  });

  const disposeIpc = registerIpcHandlers({
    ipcMain: electron.ipcMain,
    handlers: runtime.handlers,
    log,
    validateResponses: isDevelopment,
  });
  const broadcast = createBroadcast(() => window.webContents(), { validate: isDevelopment, log });

  const stopLoginSync = syncStartAtLogin({
    store,
    loginItems: loginItemDeps({ app, platform, execPath: electron.execPath, env: electron.env }),
    isPackaged: app.isPackaged,
    log,
  });

  let stopping: Promise<void> | undefined;
  let stopped = false;
  const quit = (): Promise<void> =>
    (stopping ??= (async () => {
      stopLoginSync();
      disposeIpc();
      tray.destroy();
      window.destroy();
      try {
        await runtime.stop();
      } catch (error) {
        log.error(`quit: the runtime did not stop cleanly: ${String(error)}`);
      }
      stopped = true;
      app.quit();
    })());
  // Quitting from elsewhere (logout, an installer) also stops the runtime first.
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void quit();
  });

  const tray = createDesktopTray({
    electron,
    distDir,
    actions: createTrayActions({
      handlers: runtime.handlers,
      actions: runtime.actions,
      shell: electron.shell,
      logsDir,
      showWindow: () => window.show(),
      quit,
      log,
    }),
    currentState: () => runtime.state(),
    now: options.now ?? Date.now,
    log,
  });
  runtime.onEvent((event, payload) => {
    broadcast(event, payload);
    // The listener is generic over the channel; 'state:changed' carries an AppState.
    if (event === 'state:changed') tray.render(payload as AppState);
  });
  tray.render(runtime.state());

  electron.powerMonitor.on('resume', () => runtime.app.polling.pollNow({ rebaseline: true }));
  electron.notifications.handleActivation?.((details) => notifier.handleActivation(details));
  app.on('activate', () => window.show()); // macOS: the app opened again from Finder

  await runtime.start();
  showWindow = () => window.show();
  const launchedHidden = wasLaunchedHidden(electron.argv, platform, app);
  const firstRun = store.loadReport.outcome === 'missing';
  if (showPending || opensWindowAtStart({ launchedHidden, firstRun })) window.show();
  log.info(`started ${app.getVersion()}; webhook URL ${runtime.app.webhookUrl()}`);
  return { runtime, window, quit };
}
