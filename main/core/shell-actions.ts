import { quoteForLog as quote } from './log-text';
import type { NotificationAction } from '../../shared/model';
import { assertNever } from '../../shared/parse';
import { isLiveRoomUrl, isRecorderPageUrl } from './links';
import type { Logger } from './ports';
import type { WindowTarget } from '../../shared/window-target';

/** The shell calls the actions make: Electron's `shell`, or a desktop opener in headless mode. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
  /** Resolves to an error message, '' on success (as Electron's). */
  openPath(path: string): Promise<string>;
  showItemInFolder(path: string): void;
}

/** What a path is checked for: opening runs a program on it, showing only reveals it. */
export type PathUse = 'open' | 'show';

/**
 * Decides whether a path may be opened or shown, and returns the path to use (resolved), or null.
 * Supplied by the composition root from the core's path check; the glue never decides alone.
 */
export type PathChecker = (path: string, use: PathUse) => Promise<string | null> | string | null;

/** What the shell actions need. */
export interface ShellActionDeps {
  shell: ShellLike;
  /** Every recorder's base URL from the current settings ('' for one without an API). */
  recorderBaseUrls: () => readonly string[];
  checkPath: PathChecker;
  /** Shows the window, onto `target` when given (a digest's span). */
  openWindow: (target?: WindowTarget) => void;
  log: Logger;
}

/** The last gate before the OS: every click from a notification, the tray or the window ends here. */
export class ShellActions {
  readonly #deps: ShellActionDeps;

  constructor(deps: ShellActionDeps) {
    this.#deps = deps;
  }

  /** Runs a notification action; resolves false when it was refused or failed (bound: pass it around). */
  readonly runAction = async (action: NotificationAction): Promise<boolean> => {
    switch (action.kind) {
      case 'openUrl':
        return this.openUrl(action.url);
      case 'openFile':
        return this.openFile(action.path);
      case 'showFile':
        return this.showFile(action.path);
      case 'openWindow':
        this.#deps.openWindow(
          action.span ? { view: 'notifications', span: action.span } : undefined,
        );
        return true;
      default:
        return assertNever(action);
    }
  };

  /** Opens a live room page or one of the recorder's own pages in the browser; nothing else. */
  async openUrl(url: string): Promise<boolean> {
    const { shell, recorderBaseUrls, log } = this.#deps;
    const recorderPage = recorderBaseUrls().some((base) => isRecorderPageUrl(url, base));
    if (!isLiveRoomUrl(url) && !recorderPage) {
      log.warn(`shell: refused to open URL ${quote(url)}`);
      return false;
    }
    try {
      await shell.openExternal(url);
      return true;
    } catch (error) {
      log.error(`shell: could not open ${quote(url)}: ${String(error)}`);
      return false;
    }
  }

  /** Opens a file that passed the 'open' check; one that only passes 'show' is shown in its folder. */
  async openFile(path: string): Promise<boolean> {
    const { shell, log } = this.#deps;
    const openable = await this.#check(path, 'open');
    if (openable === null) {
      log.warn(`shell: not opening ${quote(path)}; showing it in its folder at most`);
      return this.showFile(path);
    }
    const error = await shell.openPath(openable);
    if (error !== '') {
      log.error(`shell: could not open ${quote(openable)}: ${error}`);
      return false;
    }
    return true;
  }

  /** Shows a file that passed the 'show' check in the system's file manager. */
  async showFile(path: string): Promise<boolean> {
    const showable = await this.#check(path, 'show');
    if (showable === null) {
      this.#deps.log.warn(`shell: refused to show ${quote(path)}`);
      return false;
    }
    this.#deps.shell.showItemInFolder(showable);
    return true;
  }

  async #check(path: string, use: PathUse): Promise<string | null> {
    try {
      return await this.#deps.checkPath(path, use);
    } catch (error) {
      this.#deps.log.warn(`shell: path check failed for ${quote(path)}: ${String(error)}`);
      return null;
    }
  }
}
