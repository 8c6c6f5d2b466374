import type { RenderProcessGoneDetails, WebContents } from 'electron';
import type { Logger } from '../core/ports';
import type { Fits } from './type-fit';

/** The webContents events the window watches (Electron's WebContents fits). */
export interface RendererEvents {
  on(
    event: 'preload-error',
    listener: (event: unknown, preloadPath: string, error: Error) => void,
  ): unknown;
  on(
    event: 'did-fail-load',
    listener: (
      event: unknown,
      errorCode: number,
      errorDescription: string,
      validatedURL: string,
      isMainFrame: boolean,
    ) => void,
  ): unknown;
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: RenderProcessGoneDetails) => void,
  ): unknown;
}

/** Chromium's ERR_ABORTED: a load replaced by another one, not a failure. */
const ERR_ABORTED = -3;

/**
 * Retries (a reload, a new window) allowed in a sliding window of time, shared by all windows: a renderer that crashes
 * on every start must not be reopened forever.
 */
export class RetryBudget {
  readonly #max: number;
  readonly #periodMs: number;
  readonly #now: () => number;
  #used: number[] = [];

  constructor(max = 3, periodMs = 5 * 60_000, now: () => number = Date.now) {
    this.#max = max;
    this.#periodMs = periodMs;
    this.#now = now;
  }

  /** Takes one retry; false when the budget for this period is spent. */
  take(): boolean {
    const now = this.#now();
    this.#used = this.#used.filter((at) => now - at < this.#periodMs);
    if (this.#used.length >= this.#max) return false;
    this.#used.push(now);
    return true;
  }
}

/** What the watcher does on each event. */
export interface RendererWatch {
  log: Logger;
  budget: RetryBudget;
  /** The page did not load: load it again. */
  reload: () => void;
  /** The renderer is gone (crash, OOM, killed): close the window, and open a new one if `reopen`. */
  replace: (reopen: boolean) => void;
}

/**
 * Logs what the window's renderer does wrong, which otherwise only a DevTools console would show,
 * and retries within the budget: a failed main-frame load is retried, a renderer that is gone
 * gets a new window.
 */
export function watchRenderer(contents: RendererEvents, watch: RendererWatch): void {
  const { log, budget } = watch;
  contents.on('preload-error', (_event, preloadPath, error) => {
    log.error(`window: the preload ${preloadPath} failed: ${error.stack ?? String(error)}`);
  });
  contents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (!isMainFrame || code === ERR_ABORTED) return;
    log.error(`window: ${url} did not load: ${description} (${code})`);
    if (budget.take()) watch.reload();
    else log.error('window: not loading it again (too many retries in the last minutes)');
  });
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    log.error(`window: the renderer is gone: ${details.reason} (exit code ${details.exitCode})`);
    const reopen = budget.take();
    // Closed either way: a window whose renderer is gone shows nothing; the tray opens a fresh one.
    if (!reopen) log.error('window: not reopening it (too many retries in the last minutes)');
    watch.replace(reopen);
  });
}

// Electron's WebContents fits the events the watcher is written against.
type _RendererEventsFit = Fits<RendererEvents, WebContents>;
