/**
 * The Windows toast activator CLSID, fixed rather than Electron's per-run random one: Electron
 * writes it into the Start-menu shortcut it creates (`Programs\Recorder Tray.lnk`) and registers it
 * under `HKCU\Software\Classes\CLSID\{…}` (shell/browser/notifications/win/windows_toast_activator.cc),
 * so one value keeps Action Center clicks working across restarts and lets the uninstaller remove
 * the key (build/installer.nsh holds the same value; package:check compares them).
 */
export const TOAST_ACTIVATOR_CLSID = '{70C3D4F5-7267-4B6D-9741-C2CDC2D493DE}';

/** The Electron calls made before the app is ready. */
export interface EarlySetupDeps {
  platform: NodeJS.Platform;
  /** `Menu.setApplicationMenu`. */
  setApplicationMenu: (menu: null) => void;
  /** `app.setToastActivatorCLSID` (Windows). */
  setToastActivatorCLSID: (id: string) => void;
}

/**
 * Before ready: no default menu on Windows and Linux (it would put File/Edit/View with Reload and
 * DevTools on the window); macOS keeps it, since its Edit menu carries copy and paste in the
 * window's fields. On Windows, the fixed toast activator CLSID before any popup is shown.
 */
export function earlySetup(deps: EarlySetupDeps): void {
  if (deps.platform !== 'darwin') deps.setApplicationMenu(null);
  if (deps.platform === 'win32') deps.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID);
}
