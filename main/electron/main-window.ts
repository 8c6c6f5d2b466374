import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Session,
  WebContents,
} from 'electron';
import { isAppUrl } from './app-protocol';
import type { Logger } from '../core/ports';
import type { Fits } from './type-fit';
import { errorMessage } from '../core/log-text';
import { RetryBudget, watchRenderer } from './renderer-watch';

/** The webContents calls the window glue makes (Electron's WebContents fits; tests pass a fake). */
export type WebContentsHandle = Pick<
  WebContents,
  'on' | 'setWindowOpenHandler' | 'send' | 'isDestroyed'
> & {
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;
};

/** The BrowserWindow calls the window glue makes. */
export type WindowHandle = Pick<
  BrowserWindow,
  | 'show'
  | 'focus'
  | 'isDestroyed'
  | 'isMinimized'
  | 'restore'
  | 'loadURL'
  | 'once'
  | 'on'
  | 'destroy'
> & {
  webContents: WebContentsHandle;
};

/** Permissions the window may use: writing to the clipboard (the "copy webhook URL" button). */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Denies navigation, new windows, webviews and every permission but the clipboard write. */
export function hardenWebContents(contents: WebContentsHandle, log: Logger): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    log.warn(`window: navigation to ${url} denied`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('window: webview denied');
  });
  contents.setWindowOpenHandler((details) => {
    log.warn(`window: window.open(${details.url}) denied`);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((webContents, permission, callback) => {
    const allowed = ALLOWED_PERMISSIONS.has(permission) && isAppUrl(webContents.getURL());
    if (!allowed) log.warn(`window: permission ${permission} denied`);
    callback(allowed);
  });
  contents.session.setPermissionCheckHandler(
    (_webContents, permission, requestingOrigin) =>
      ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin),
  );
}

/** What the main window controller needs. */
export interface MainWindowDeps {
  createWindow: (options: BrowserWindowConstructorOptions) => WindowHandle;
  options: BrowserWindowConstructorOptions;
  /** The page to load, e.g. APP_ENTRY_URL. */
  url: string;
  log: Logger;
  /** For testing: how many retries (reload, new window) are allowed how often. */
  retryBudget?: RetryBudget;
}

/**
 * The one main window: created on demand, destroyed on close (a hidden renderer costs hundreds
 * of MB; the app lives on in the tray).
 */
export class MainWindow {
  readonly #deps: MainWindowDeps;
  readonly #budget: RetryBudget;
  #window: WindowHandle | undefined;

  constructor(deps: MainWindowDeps) {
    this.#deps = deps;
    this.#budget = deps.retryBudget ?? new RetryBudget();
  }

  /** Shows and focuses the window, creating it if there is none. */
  show(): void {
    const existing = this.#live();
    if (existing !== undefined) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return;
    }
    this.#create();
  }

  /** The window's webContents while it is open (the target of broadcasts). */
  webContents(): WebContentsHandle | undefined {
    return this.#live()?.webContents;
  }

  /** Whether a window is open. */
  isOpen(): boolean {
    return this.#live() !== undefined;
  }

  /** Destroys the window if open (quit, tests). */
  destroy(): void {
    this.#live()?.destroy();
    this.#window = undefined;
  }

  #live(): WindowHandle | undefined {
    const window = this.#window;
    return window !== undefined && !window.isDestroyed() ? window : undefined;
  }

  #create(): void {
    const { createWindow, options, log } = this.#deps;
    const window = createWindow(options);
    this.#window = window;
    hardenWebContents(window.webContents, log);
    window.once('ready-to-show', () => {
      window.show();
      window.focus();
    });
    window.on('closed', () => {
      if (this.#window === window) this.#window = undefined;
    });
    watchRenderer(window.webContents, {
      log,
      budget: this.#budget,
      reload: () => this.#load(window),
      replace: (reopen) => {
        if (this.#window !== window) return;
        window.destroy();
        this.#window = undefined;
        if (reopen) this.#create();
      },
    });
    this.#load(window);
  }

  #load(window: WindowHandle): void {
    const { url, log } = this.#deps;
    if (window.isDestroyed()) return;
    window.loadURL(url).catch((error: unknown) => {
      log.error(`window: could not load ${url}: ${errorMessage(error)}`);
    });
  }
}

// Electron's BrowserWindow fits the handle the window glue is written against.
type _WindowFits = Fits<WindowHandle, BrowserWindow>;
