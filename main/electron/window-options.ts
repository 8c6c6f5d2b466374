import type { BrowserWindowConstructorOptions } from 'electron';

export { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';

/** The smallest size the window's layout is designed for (420×600 and up). */
export const MIN_WINDOW_SIZE = { width: 420, height: 600 } as const;

/** What the main window's options depend on. */
export interface MainWindowOptionsInput {
  /** Absolute path of the bundled preload (dist/preload/preload.cjs). */
  preloadPath: string;
  /** Development builds keep DevTools; packaged builds do not. */
  isDevelopment: boolean;
  /** Window icon (Linux and Windows use it; macOS takes the bundle's). */
  iconPath?: string;
  /** Window title before the page sets its own. */
  title?: string;
}

/** Options of the main window: the security baseline of docs/architecture.md, as data that tests read. */
export function mainWindowOptions(input: MainWindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 480,
    height: 680,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: input.title ?? 'Recorder Tray',
    // Shown on 'ready-to-show' so the user never sees an empty frame.
    show: false,
    autoHideMenuBar: true,
    ...(input.iconPath === undefined ? {} : { icon: input.iconPath }),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: input.isDevelopment,
      safeDialogs: true,
    },
  };
}
