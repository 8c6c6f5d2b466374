// The desktop app's entry point (bundled to dist/main/main.js): hands Electron's objects to
// runDesktopApp, which holds the lifecycle. The only file that imports the `electron` runtime module.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  protocol,
  shell,
  Tray,
  type NativeImage,
} from 'electron';
import log from 'electron-log/main';
import ElectronStore from 'electron-store';
// electron-updater is CommonJS (bundled in): the default import is its exports object. Its
// `autoUpdater` is a getter that makes the platform's updater on first read, so it is read only
// when updates run (a packaged app with the setting on).
import electronUpdater from 'electron-updater';
import path from 'node:path';
import { APP_SCHEME_PRIVILEGES } from './app-protocol';
import { createFileLogger } from './app-logger';
import { runDesktopApp } from './desktop-app';
import { asDesktopPowerMonitor } from './desktop-electron';
import { earlySetup } from './early-setup';
import { errorDetail } from '../core/log-text';

// Must happen before the app is ready (Electron's rule for privileged schemes).
protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);
// Uncaught errors of the main process go to the log file too, without a dialog per error.
log.errorHandler.startCatching({ showDialog: false });
// Before ready: no default menu on Windows and Linux, the fixed toast activator CLSID on Windows.
earlySetup({
  platform: process.platform,
  setApplicationMenu: (menu) => Menu.setApplicationMenu(menu),
  setToastActivatorCLSID: (id) => app.setToastActivatorCLSID(id),
});

runDesktopApp<NativeImage, Menu>(
  {
    app,
    protocol,
    ipcMain,
    shell,
    trashItem: (file) => shell.trashItem(file),
    powerMonitor: asDesktopPowerMonitor(powerMonitor),
    powerSaveBlocker,
    createWindow: (options) => new BrowserWindow(options),
    createTray: (image) => new Tray(image),
    trayImage: (file) => nativeImage.createFromPath(file),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    notifications: {
      create: (options) => new Notification(options),
      isSupported: () => Notification.isSupported(),
      ...(process.platform === 'win32'
        ? { handleActivation: (callback) => Notification.handleActivation(callback) }
        : {}),
      ...(process.platform === 'darwin' ? { getHistory: () => Notification.getHistory() } : {}),
    },
    // electron-store names the file with `name`; conf's configName is what the store passes.
    settingsBackend: ({ configName, ...options }) =>
      new ElectronStore<Record<string, unknown>>({ ...options, name: configName }),
    pickFolder: async (defaultPath) => {
      const result = await dialog.showOpenDialog({
        properties: ['openDirectory', 'createDirectory'],
        ...(defaultPath ? { defaultPath } : {}),
      });
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    createLogger: (logsDir) => createFileLogger(log, logsDir),
    updater: () => electronUpdater.autoUpdater,
    platform: process.platform,
    argv: process.argv,
    execPath: process.execPath,
    env: process.env,
  },
  { distDir: path.resolve(import.meta.dirname, '..') },
).catch((error: unknown) => {
  const message = errorDetail(error);
  log.error(`start-up failed: ${message}`);
  dialog.showErrorBox('Recorder Tray could not start', message);
  app.exit(1);
});
