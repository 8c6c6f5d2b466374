// Placeholder entry point until the composition root (main/compose.ts) is wired in: serves the
// window from app:// and shows it. The real entry adds the tray, IPC, settings and the core.
import { app, BrowserWindow, protocol } from 'electron';
import path from 'node:path';
import { APP_ENTRY_URL, APP_SCHEME_PRIVILEGES, registerAppProtocol } from './app-protocol';
import { MainWindow } from './main-window';
import { mainWindowOptions } from './window-options';

const distDir = path.resolve(import.meta.dirname, '..');
protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);

void app.whenReady().then(() => {
  registerAppProtocol(protocol, path.join(distDir, 'renderer'));
  const window = new MainWindow({
    createWindow: (options) => new BrowserWindow(options),
    options: mainWindowOptions({
      preloadPath: path.join(distDir, 'preload', 'preload.cjs'),
      isDevelopment: !app.isPackaged,
    }),
    url: APP_ENTRY_URL,
    log: console,
  });
  window.show();
});
