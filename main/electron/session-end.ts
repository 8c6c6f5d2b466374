/**
 * The pieces of Electron that session end needs, so that a fake can stand in for them in tests.
 * (Structural: Electron's own `powerMonitor` and `BrowserWindow` fit.)
 */
export interface SessionEndElectron {
  platform: NodeJS.Platform;
  powerMonitor: {
    on(event: 'shutdown', listener: (event: { preventDefault(): void }) => void): unknown;
    removeListener(
      event: 'shutdown',
      listener: (event: { preventDefault(): void }) => void,
    ): unknown;
  };
  /** Makes a window that is never shown: Windows tells only top-level windows of a session end. */
  createHiddenWindow(): SessionEndWindow;
}

/** A window as session end uses it (Electron's BaseWindow, Windows-only events). */
export interface SessionEndWindow {
  on(event: 'query-session-end' | 'session-end', listener: () => void): unknown;
  destroy(): void;
}

/** What to do when the session ends. */
export interface SessionEndOptions {
  electron: SessionEndElectron;
  /** Flushes held notifications and pending writes and closes the files (the app's stop). */
  flush: () => Promise<void>;
  /** Quits once flushed (Linux, macOS: the shutdown waits for it). */
  quit: () => void;
  log: (message: string) => void;
}

/**
 * Every way the session can end flushes, not only a quit: `before-quit` does not come when
 * Windows logs off, shuts down or restarts (electron/electron#9613), nor on a Linux or macOS
 * shutdown. On Linux and macOS, powerMonitor's 'shutdown' may delay the shutdown (preventDefault)
 * until the app has flushed and quit. On Windows, a hidden window hears 'query-session-end' (the
 * flush starts then, without refusing the end) and 'session-end' (its last chance: Windows may
 * end the process once the handler returns). What the flush cannot finish there, the journal
 * still holds: the next start recovers it (main/app/recovery.ts). Returns the undo.
 */
export function flushOnSessionEnd(options: SessionEndOptions): () => void {
  const { electron, log } = options;
  let flushing: Promise<void> | undefined;
  const flush = (why: string): Promise<void> => {
    if (!flushing) {
      log(`session ending (${why}): flushing`);
      flushing = options.flush().catch((error: unknown) => log(`flush failed: ${String(error)}`));
    }
    return flushing;
  };
  if (electron.platform === 'win32') {
    const window = electron.createHiddenWindow();
    window.on('query-session-end', () => void flush('Windows asks to end the session'));
    window.on('session-end', () => void flush('Windows ends the session'));
    return () => window.destroy();
  }
  const onShutdown = (event: { preventDefault(): void }) => {
    event.preventDefault(); // Electron delays the shutdown until the app quits
    void flush('the system shuts down').then(() => options.quit());
  };
  electron.powerMonitor.on('shutdown', onShutdown);
  return () => electron.powerMonitor.removeListener('shutdown', onShutdown);
}
