import type { RelaunchOptions } from 'electron';
import {
  saveUpdateFailure,
  type UpdateFailure,
} from '../features/updates/adapters/update-failure-file';
import { errorMessage } from '../core/log-text';
import type { Logger } from '../core/ports';
import { relaunchTarget, type RelaunchTarget } from '../features/updates/core/relaunch';
import type { AppUpdates, InstallOutcome } from './app-updater';
import type { DesktopElectron } from './desktop-electron';

/** How long an install that went ahead may take to quit the app before it counts as failed. */
export const INSTALL_QUIT_WAIT_MS = 15_000;

/** What installing needs from the desktop shell. */
export interface UpdateInstallDeps {
  updates: Pick<AppUpdates, 'install'>;
  app: { relaunch(options?: RelaunchOptions): void; quit(): void };
  /** Where the app starts again: after a failure, or after an update it relaunches itself. */
  relaunchTarget: (installedAs?: string) => RelaunchTarget;
  /** The app starts the new version itself (an AppImage: see AppUpdatesDeps.selfRelaunch). */
  selfRelaunch: boolean;
  /** Keeps the failure for the relaunched app to tell. */
  saveFailure: (failure: UpdateFailure) => Promise<void>;
  log: Logger;
  waitMs?: number;
}

/** An install under way: `quitting()` once Electron's quit went through (the wait ends). */
export interface InstallRun {
  quitting(): void;
}

/**
 * Installs the downloaded update as the quit sequence's last step (the app has stopped, its
 * journal flushed). Should the install fail (pkexec dismissed, a file that cannot be replaced, an
 * installer that does not start), the app is started again as it was, with the same executable
 * and arguments, and that run says why (update-failed.json); before, it stayed stopped and quit
 * 15 s later with nothing said.
 */
export function installUpdate(deps: UpdateInstallDeps): InstallRun {
  const { log } = deps;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Electron starts one instance per relaunch call: never two.
  let relaunched = false;
  const relaunch = (target: RelaunchTarget) => {
    if (relaunched) return;
    relaunched = true;
    deps.app.relaunch(target); // a RelaunchTarget is Electron's RelaunchOptions
  };
  const restore = (reason: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    log.error(`updates: the install failed (${reason}); starting the app again as it was`);
    void deps.saveFailure({ version: outcome.version ?? '', reason }).finally(() => {
      relaunch(deps.relaunchTarget());
      deps.app.quit();
    });
  };
  // `restore` runs for a failure reported later than this call, never within it.
  const outcome: InstallOutcome = deps.updates.install(restore);
  if (!outcome.ok) restore(outcome.reason);
  else {
    if (deps.selfRelaunch) relaunch(deps.relaunchTarget(outcome.appImage));
    timer = setTimeout(
      () => restore('the update did not start: the updater never quit the app'),
      deps.waitMs ?? INSTALL_QUIT_WAIT_MS,
    );
    timer.unref?.();
  }
  return {
    quitting: () => {
      settled = true;
      clearTimeout(timer);
    },
  };
}

/** `$APPIMAGE` on Linux: the AppImage file this run was started from. */
export function appImageOf<I, M>(electron: DesktopElectron<I, M>): string | undefined {
  const file = electron.env.APPIMAGE;
  return electron.platform === 'linux' && file !== undefined && file !== '' ? file : undefined;
}

/**
 * The tray's update item: opens the download of an update this build cannot apply (an ad-hoc
 * signed Mac build), else restarts into the downloaded one: the app stops as on quit (the journal
 * holds what it answered; the updated app finishes it), then update-install.ts installs it, or
 * brings the app back as it was when that fails.
 */
export function updateInstaller<I, M>(
  electron: DesktopElectron<I, M>,
  parts: { updates: AppUpdates | undefined; log: Logger; dataDir: string },
  quit: (finalStep?: () => void) => Promise<void>,
): () => Promise<void> {
  const { log } = parts;
  let run: InstallRun | undefined;
  electron.app.on('will-quit', () => run?.quitting());
  return async () => {
    const updates = parts.updates;
    const ready = updates?.ready();
    if (updates === undefined || ready === undefined) {
      log.warn('updates: nothing to install');
      return;
    }
    if (ready.action === 'download') {
      if (ready.url === undefined) log.warn(`updates: no download address for ${ready.version}`);
      else
        await electron.shell
          .openExternal(ready.url)
          .catch((error: unknown) =>
            log.error(`updates: could not open ${ready.url}: ${errorMessage(error)}`),
          );
      return;
    }
    const appImage = appImageOf(electron);
    await quit(() => {
      run = installUpdate({
        updates,
        app: electron.app,
        relaunchTarget: (installedAs) =>
          relaunchTarget({ appImage, argv: electron.argv, installedAs }),
        selfRelaunch: appImage !== undefined && ready.action === 'restart',
        saveFailure: (failure) =>
          saveUpdateFailure(parts.dataDir, failure, (message) => log.warn(message)),
        log,
      });
    });
  };
}
