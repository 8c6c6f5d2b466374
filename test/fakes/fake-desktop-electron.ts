import { rm } from 'node:fs/promises';
// A whole fake Electron for runDesktopApp: an `app` that keeps Electron's quit and
// window-all-closed semantics, and the factories the entry point would pass, all recording.
import { confBackend } from './conf-backend';
import type {
  BrowserWindowConstructorOptions,
  LoginItemSettings,
  MenuItemConstructorOptions,
  Settings as LoginSettings,
} from 'electron';
import type { Logger } from '../../main/core/ports';
import type { ElectronApp, DesktopElectron } from '../../main/electron/desktop-electron';
import { FakeIpcMain, FakeNotification, FakeShell, FakeTray, FakeWindow } from './fake-electron';
import { memoryLogger } from './silent-logger';

type Listener = (...args: never[]) => unknown;

/** Electron's `app` as far as the desktop glue uses it. */
export class FakeApp implements ElectronApp {
  isPackaged = false;
  readonly dock = { hidden: false, hide: () => void (this.dock.hidden = true) };
  readonly calls: string[] = [];
  readonly loginItems: LoginSettings[] = [];
  hasLock = true;
  /** Set once a quit went through (no 'before-quit' listener prevented it). */
  quitted = false;
  readonly #listeners = new Map<string, Listener[]>();

  constructor(readonly paths: { userData: string; logs: string }) {}

  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  async whenReady(): Promise<void> {}
  quit(): void {
    this.calls.push('quit');
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => void (prevented = true) });
    if (!prevented) this.quitted = true;
  }
  getPath(name: 'userData' | 'logs'): string {
    return this.paths[name];
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  setAppUserModelId(id: string): void {
    this.calls.push(`setAppUserModelId ${id}`);
  }
  setActivationPolicy(policy: string): void {
    this.calls.push(`setActivationPolicy ${policy}`);
  }
  setLoginItemSettings(settings: LoginSettings): void {
    this.loginItems.push(settings);
  }
  getLoginItemSettings(): LoginItemSettings {
    return {
      openAtLogin: this.loginItems.at(-1)?.openAtLogin ?? false,
      wasOpenedAtLogin: false,
      launchItems: [],
      status: 'not-registered',
      executableWillLaunchAtLogin: false,
    } as LoginItemSettings;
  }
  on(event: string, listener: Listener): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.#listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => unknown)(...args);
  }
  /** What Electron does when the last window closed: quit, unless someone listens. */
  lastWindowClosed(): void {
    if ((this.#listeners.get('window-all-closed') ?? []).length === 0) this.quit();
    else this.emit('window-all-closed');
  }
}

type Menu = MenuItemConstructorOptions[];

/** Everything a test reads back after driving the fake desktop. */
export interface FakeDesktop {
  electron: DesktopElectron<string, Menu>;
  app: FakeApp;
  ipcMain: FakeIpcMain;
  shell: FakeShell;
  windows: FakeWindow[];
  windowOptions: BrowserWindowConstructorOptions[];
  trays: FakeTray<string, Menu>[];
  notifications: FakeNotification[];
  protocols: string[];
  /** The handler registered for each scheme (app://: the window's files and cached pictures). */
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  log: Logger & { lines: string[] };
  logsDirs: string[];
  resume(): void;
  /** The system shuts down (Linux, macOS): says whether the app asked to delay it. */
  shutdown(): boolean;
  activation: { callback?: (details: { type: string; arguments: string }) => void };
  /** Electron's powerSaveBlocker: the blockers held now, by id, with their type. */
  powerSaveBlocker: FakePowerSaveBlocker;
  /** Files put into the fake trash (removed from their folder, as the OS trash does). */
  trashed: string[];
}

/** A fake of Electron's powerSaveBlocker: ids from 1, the blockers held now. */
export class FakePowerSaveBlocker {
  readonly held = new Map<number, string>();
  #next = 0;
  start(type: 'prevent-app-suspension' | 'prevent-display-sleep'): number {
    this.#next += 1;
    this.held.set(this.#next, type);
    return this.#next;
  }
  stop(id: number): boolean {
    return this.held.delete(id);
  }
}

/** Builds a fake Electron for one platform; `argv` is the launch's command line. */
export function fakeDesktop(options: {
  paths: { userData: string; logs: string };
  platform?: NodeJS.Platform;
  argv?: string[];
  env?: NodeJS.ProcessEnv;
}): FakeDesktop {
  const app = new FakeApp(options.paths);
  const ipcMain = new FakeIpcMain();
  const shell = new FakeShell();
  const windows: FakeWindow[] = [];
  const windowOptions: BrowserWindowConstructorOptions[] = [];
  const trays: FakeTray<string, Menu>[] = [];
  const notifications: FakeNotification[] = [];
  const protocols: string[] = [];
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const log = memoryLogger();
  const logsDirs: string[] = [];
  const resumeListeners: (() => void)[] = [];
  const shutdownListeners = new Set<(event: { preventDefault(): void }) => void>();
  const activation: FakeDesktop['activation'] = {};
  const powerSaveBlocker = new FakePowerSaveBlocker();
  const trashed: string[] = [];
  const platform = options.platform ?? 'linux';
  const electron: DesktopElectron<string, Menu> = {
    app,
    protocol: {
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        protocols.push(scheme);
        protocolHandlers.set(scheme, handler);
      },
    },
    ipcMain,
    shell,
    trashItem: async (file) => {
      trashed.push(file);
      await rm(file);
    },
    powerMonitor: {
      on: (event: string, listener: (event: { preventDefault(): void }) => void) => {
        if (event === 'resume') resumeListeners.push(listener as () => void);
        else shutdownListeners.add(listener);
      },
      removeListener: (_event: string, listener: (event: { preventDefault(): void }) => void) =>
        shutdownListeners.delete(listener),
    } as DesktopElectron<string, Menu>['powerMonitor'],
    powerSaveBlocker,
    createWindow: (windowOptionsIn) => {
      const window = new FakeWindow();
      windows.push(window);
      windowOptions.push(windowOptionsIn);
      return window.asHandle();
    },
    createTray: (image) => {
      const tray = new FakeTray<string, Menu>(image);
      trays.push(tray);
      return tray;
    },
    trayImage: (file) => file,
    pickFolder: async (defaultPath) => (defaultPath ? `${defaultPath}/picked` : '/picked'),
    buildMenu: (template) => template,
    notifications: {
      create: (popupOptions) => {
        const popup = new FakeNotification(popupOptions as Record<string, unknown>);
        notifications.push(popup);
        return popup;
      },
      isSupported: () => true,
      ...(platform === 'win32'
        ? { handleActivation: (callback) => void (activation.callback = callback) }
        : {}),
    },
    settingsBackend: confBackend,
    createLogger: (logsDir) => {
      logsDirs.push(logsDir);
      return log;
    },
    platform,
    argv: options.argv ?? ['/opt/Recorder Tray/recorder-tray'],
    execPath: '/opt/Recorder Tray/recorder-tray',
    env: options.env ?? {},
  };
  return {
    electron,
    app,
    ipcMain,
    shell,
    windows,
    windowOptions,
    trays,
    notifications,
    protocols,
    protocolHandlers,
    log,
    logsDirs,
    resume: () => resumeListeners.forEach((listener) => listener()),
    shutdown: () => {
      let prevented = false;
      for (const listener of shutdownListeners)
        listener({ preventDefault: () => (prevented = true) });
      return prevented;
    },
    activation,
    powerSaveBlocker,
    trashed,
  };
}

/** Clicks a tray menu item by its id path (e.g. 'pause', 'pause-hour'). */
export function clickMenu(menu: Menu | null | undefined, ...ids: string[]): void {
  let items = menu ?? [];
  for (const [index, id] of ids.entries()) {
    const item = items.find((entry) => entry.id === id);
    if (item === undefined) throw new Error(`no menu item ${id}`);
    if (index === ids.length - 1) {
      (item.click as () => void)();
      return;
    }
    items = item.submenu as Menu;
  }
}
