import type {
  ActivationArguments,
  App,
  BrowserWindowConstructorOptions,
  IpcMain,
  MenuItemConstructorOptions,
  NotificationConstructorOptions,
  PowerMonitor,
  Protocol,
  Shell,
} from 'electron';
import type { SettingsBackendFactory } from '../adapters/settings-backend';
import type { Logger } from '../core/ports';
import type { ShellLike } from '../core/shell-actions';
import type { UpdaterHandle } from './app-updater';
import type { PowerBlocker } from './keep-awake';
import type { LoginItemDeps } from './login-item';
import type { WindowHandle } from './main-window';
import type { NotificationHandle } from './notifier';
import type { TrayHandle } from './tray-controller';
import type { Fits } from './type-fit';

/** The `app` calls the desktop glue makes; Electron's App fits. */
export interface ElectronApp extends Pick<
  LoginItemDeps['app'],
  'setLoginItemSettings' | 'getLoginItemSettings'
> {
  readonly isPackaged: boolean;
  readonly dock?: { hide(): void } | undefined;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  quit(): void;
  getPath(name: 'userData' | 'logs'): string;
  getVersion(): string;
  setAppUserModelId(id: string): void;
  setActivationPolicy(policy: 'regular' | 'accessory' | 'prohibited'): void;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'window-all-closed' | 'activate', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
}

/** Electron's Notification class, as the desktop glue uses it. */
export interface NotificationFactory {
  create(options: NotificationConstructorOptions): NotificationHandle;
  isSupported(): boolean;
  /** Windows only (Action Center clicks and cold starts); absent elsewhere. */
  handleActivation?: (callback: (details: ActivationArguments) => void) => void;
  /** macOS only: popups still in Notification Center from an earlier run (signed apps only). */
  getHistory?: () => Promise<(NotificationHandle & { id: string })[]>;
}

/**
 * Every Electron object and fact the desktop app touches, passed in by the entry point (a fake in
 * tests): images and menus stay opaque (I, M) so tests can use plain values.
 */
export interface DesktopElectron<I, M> {
  app: ElectronApp;
  protocol: Pick<Protocol, 'handle'>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  shell: ShellLike;
  /** The OS trash, for the clean-up's `then: 'trash'` (Electron's `shell.trashItem`). */
  trashItem: Shell['trashItem'];
  powerMonitor: DesktopPowerMonitor;
  /** Keeps the computer from sleeping while recording here (Electron's powerSaveBlocker). */
  powerSaveBlocker: PowerBlocker;
  createWindow: (options: BrowserWindowConstructorOptions) => WindowHandle;
  createTray: (image: I) => TrayHandle<I, M>;
  trayImage: (file: string) => I;
  buildMenu: (template: MenuItemConstructorOptions[]) => M;
  notifications: NotificationFactory;
  /** Electron's folder dialog (dialog.showOpenDialog with openDirectory); null when cancelled. */
  pickFolder: (defaultPath: string) => Promise<string | null>;
  /** The settings file's library: electron-store (conf, which it is built on, in tests). */
  settingsBackend: SettingsBackendFactory;
  /** The app's logger, writing into the logs folder. */
  createLogger: (logsDir: string) => Logger;
  /** electron-updater's `autoUpdater`, made on first use; absent: no updates (tests, stubs). */
  updater?: () => UpdaterHandle;
  platform: NodeJS.Platform;
  argv: readonly string[];
  execPath: string;
  env: NodeJS.ProcessEnv;
}

/**
 * powerMonitor as the glue uses it. Electron's docs give the 'shutdown' handler an event whose
 * preventDefault() delays the shutdown until the app quits
 * (https://github.com/electron/electron/blob/main/docs/api/power-monitor.md), but its type
 * definitions declare the listener without it; `asDesktopPowerMonitor` bridges the two.
 */
export interface DesktopPowerMonitor {
  on(event: 'resume', listener: () => void): unknown;
  on(event: 'shutdown', listener: (event: { preventDefault(): void }) => void): unknown;
  removeListener(event: 'shutdown', listener: (event: { preventDefault(): void }) => void): unknown;
}

/** Electron's powerMonitor as the glue's handle (see DesktopPowerMonitor for the one difference). */
export function asDesktopPowerMonitor(
  powerMonitor: Pick<PowerMonitor, 'on' | 'removeListener'>,
): DesktopPowerMonitor {
  return powerMonitor as unknown as DesktopPowerMonitor;
}

// Electron's App fits the handle the desktop glue is written against.
type _AppFits = Fits<ElectronApp, App>;
