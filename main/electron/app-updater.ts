import type {
  AppUpdater,
  UpdateCheckResult,
  UpdateDownloadedEvent,
  UpdateInfo,
} from 'electron-updater';
import type { UpdateSettings } from '../../shared/settings';
import type { Logger } from '../core/ports';
import { errorMessage } from '../core/log-text';
import { redactUrlCredentials, releaseNotesText } from '../features/updates/core/update-feed';
import { UPDATE_CHECK_INTERVAL_MS, UpdateNotice } from '../features/updates/core/update-notice';
import { updaterSwitches, type UpdateRoute } from '../features/updates/core/update-route';
import type { Fits } from './type-fit';

/**
 * The calls the glue makes on electron-updater's updater (its `autoUpdater` fits; tests pass a real
 * updater built over a fake of Electron's app). Events and options as documented at
 * https://www.electron.build/auto-update.html.
 */
export interface UpdaterHandle {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: {
    info(message?: unknown): void;
    warn(message?: unknown): void;
    error(message?: unknown): void;
  } | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<UpdateCheckResult | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (event: UpdateDownloadedEvent) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** AppImageUpdater: the new AppImage was written under a new name (the old file is gone). */
  on(event: 'appimage-filename-updated', listener: (path: string) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * An update ready for the user (its notes as plain text): downloaded and verified (`restart`,
 * `install`), or, on the `download` route, found and offered at `url` to install by hand.
 */
export interface ReadyUpdate {
  version: string;
  notes: string;
  action: UpdateRoute;
  url?: string;
}

/** How a call to install went: it goes ahead (the updater quits the app), or it failed and why. */
export type InstallOutcome =
  | {
      ok: true;
      version: string;
      /** AppImage: the file now holding the new version. */ appImage?: string;
    }
  | { ok: false; version: string | undefined; reason: string };

/** How one check ended. */
export type CheckOutcome =
  | { kind: 'off' } // the setting is off: no request was made
  | { kind: 'inactive' } // electron-updater declined (a development run, an AppImage-less Linux run)
  | { kind: 'current'; version: string } // the feed's version is not newer
  | { kind: 'downloaded'; version: string }
  | { kind: 'available'; version: string } // the download route: newer, offered, not downloaded
  | { kind: 'failed'; message: string };

/** What the updates need from the desktop app. */
export interface AppUpdatesDeps {
  /** electron-updater's updater, made on first use: with the setting off it is never made. */
  updater: () => UpdaterHandle;
  settings: () => UpdateSettings;
  currentVersion: string;
  /** The last version the user was told of (kept in the data folder), and where to keep it. */
  told: string | undefined;
  saveTold: (version: string) => void;
  /** A download is ready; `announce`: the first time for this version (popup once). */
  onReady: (update: ReadyUpdate, announce: boolean) => void;
  log: Logger;
  /** Between checks (default 6 hours). */
  everyMs?: number;
  /** How this copy takes updates (main/features/updates/core/update-route.ts); default `restart`. */
  route?: UpdateRoute;
  /** The download route: the page or file to open for a version and the files its feed lists. */
  downloadUrl?: (version: string, files: readonly string[]) => string | undefined;
  /**
   * The app starts itself again after installing (an AppImage: electron-updater would start the
   * new file with no arguments, dropping the flags this run needed), so the updater must not.
   */
  selfRelaunch?: boolean;
  /** An AppImage update renamed the file (the old one is deleted): what starts it must follow. */
  onAppImageRenamed?: (path: string) => void;
}

/**
 * The desktop app's updates over electron-updater: a check at start and every 6 hours while the
 * setting is on, downloaded in the background (`autoDownload`; NSIS and AppImage download only
 * the changed blocks when the release has blockmaps), told once per version, installed when the
 * user chooses "Restart to update" or on the next quit (`autoInstallOnAppQuit`), never by itself.
 * The route changes that: a .deb installs only when the user chooses it (never at quit: pkexec
 * would ask for the password then), an ad-hoc signed Mac build offers the download instead.
 */
export class AppUpdates {
  readonly #deps: AppUpdatesDeps;
  readonly #notice: UpdateNotice;
  #updater: UpdaterHandle | undefined;
  #feedUrl = '';
  #timer: ReturnType<typeof setInterval> | undefined;
  #ready: ReadyUpdate | undefined;
  #seen: string | undefined;
  /** While an install goes ahead: told of an error the updater reports afterwards. */
  #lateFailure: ((reason: string) => void) | undefined;
  #renamedTo: string | undefined;

  constructor(deps: AppUpdatesDeps) {
    this.#deps = deps;
    this.#notice = new UpdateNotice(deps.currentVersion, deps.told);
  }

  /** Checks now and then every `everyMs`; each check reads the setting first. */
  start(): void {
    this.#seen = JSON.stringify(this.#deps.settings());
    void this.checkNow();
    this.#timer = setInterval(
      () => void this.checkNow(),
      this.#deps.everyMs ?? UPDATE_CHECK_INTERVAL_MS,
    );
    this.#timer.unref?.();
  }

  /** Stops the timer (a download under way finishes in electron-updater's hands). */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * The settings may have changed (the app says only that its state did): a switch turned on, or a
   * new mirror while on, checks at once rather than in up to 6 hours.
   */
  settingsMaybeChanged(): void {
    if (this.#timer === undefined) return; // not started, or stopped
    const settings = this.#deps.settings();
    const seen = JSON.stringify(settings);
    if (seen === this.#seen) return;
    this.#seen = seen;
    if (settings.check) void this.checkNow();
  }

  /** The update ready to install, if any. */
  ready(): ReadyUpdate | undefined {
    return this.#ready;
  }

  /** One check, and the download it starts; resolves when both are done. Never throws. */
  async checkNow(): Promise<CheckOutcome> {
    const settings = this.#deps.settings();
    if (!settings.check) return { kind: 'off' };
    try {
      const updater = this.#prepared(settings.feedUrl);
      const result = await updater.checkForUpdates();
      if (result === null) return { kind: 'inactive' };
      if (result.isUpdateAvailable && this.#route === 'download') {
        this.#offer(result.updateInfo);
        return { kind: 'available', version: result.updateInfo.version };
      }
      if (!result.isUpdateAvailable || !result.downloadPromise)
        return { kind: 'current', version: result.updateInfo.version };
      await result.downloadPromise;
      return { kind: 'downloaded', version: result.updateInfo.version };
    } catch (error) {
      // electron-updater also emits 'error' (logged there); the next check tries again.
      return { kind: 'failed', message: redactUrlCredentials(errorMessage(error)) };
    }
  }

  /**
   * Installs the downloaded update (the caller has stopped the app first); the updater then quits
   * the app and starts the new version (with `selfRelaunch`, the app does that). A failure the
   * updater reports while installing is the outcome; one it reports later goes to `onLateFailure`.
   */
  install(onLateFailure?: (reason: string) => void): InstallOutcome {
    const ready = this.#ready;
    const updater = this.#updater;
    if (ready === undefined || updater === undefined || ready.action === 'download')
      return { ok: false, version: ready?.version, reason: 'no downloaded update to install' };
    this.#deps.log.info(`updates: installing ${ready.version}`);
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(redactUrlCredentials(errorMessage(error)));
    updater.on('error', onError);
    this.#renamedTo = undefined;
    try {
      // Silent: the user asked already; run after: the app comes back updated.
      updater.quitAndInstall(true, this.#deps.selfRelaunch !== true);
    } catch (error) {
      errors.push(redactUrlCredentials(errorMessage(error)));
    } finally {
      updater.removeListener('error', onError);
    }
    const [reason] = errors;
    if (reason !== undefined) return { ok: false, version: ready.version, reason };
    this.#lateFailure = onLateFailure;
    const appImage = this.#renamedTo;
    return { ok: true, version: ready.version, ...(appImage !== undefined ? { appImage } : {}) };
  }

  get #route(): UpdateRoute {
    return this.#deps.route ?? 'restart';
  }

  /** The updater, made and configured once; the feed follows the setting. */
  #prepared(feedUrl: string): UpdaterHandle {
    const updater = (this.#updater ??= this.#configured(this.#deps.updater()));
    if (feedUrl !== this.#feedUrl) {
      if (feedUrl !== '') updater.setFeedURL({ provider: 'generic', url: feedUrl });
      else this.#deps.log.info('updates: back to the GitHub feed at the next start');
      this.#feedUrl = feedUrl;
    }
    return updater;
  }

  #configured(updater: UpdaterHandle): UpdaterHandle {
    const { log } = this.#deps;
    const switches = updaterSwitches(this.#route);
    updater.autoDownload = switches.autoDownload;
    updater.autoInstallOnAppQuit = switches.autoInstallOnAppQuit;
    // A mirror URL may carry a user and password: never logged as such.
    const text = (message: unknown) => redactUrlCredentials(String(message));
    updater.logger = {
      info: (message) => log.info(`updater: ${text(message)}`),
      warn: (message) => log.warn(`updater: ${text(message)}`),
      error: (message) => log.warn(`updater: ${text(message)}`),
    };
    updater.on('update-downloaded', (event) => this.#downloaded(event));
    updater.on('error', (error) => {
      const message = text(errorMessage(error));
      log.warn(`updates: ${message}`);
      this.#lateFailure?.(message);
    });
    // Emitted inside quitAndInstall, after the new file replaced the old one (AppImageUpdater).
    updater.on('appimage-filename-updated', (path) => {
      log.info(`updates: the AppImage is now ${path}`);
      this.#renamedTo = path;
      this.#deps.onAppImageRenamed?.(path);
    });
    return updater;
  }

  #downloaded(event: UpdateDownloadedEvent): void {
    this.#tell({
      version: event.version,
      notes: releaseNotesText(event.releaseNotes),
      action: this.#route,
    });
  }

  /** The download route: a newer version, offered at its page or file. */
  #offer(info: UpdateInfo): void {
    const files = info.files.map((file) => file.url);
    const url = this.#deps.downloadUrl?.(info.version, files);
    this.#tell({
      version: info.version,
      notes: releaseNotesText(info.releaseNotes),
      action: 'download',
      ...(url !== undefined ? { url } : {}),
    });
  }

  #tell(update: ReadyUpdate): void {
    this.#ready = update;
    const announce = this.#notice.tell(update.version);
    if (announce) this.#deps.saveTold(update.version);
    this.#deps.onReady(update, announce);
  }
}

// electron-updater's AppUpdater (what `autoUpdater` is) fits the handle the glue is written against.
type _UpdaterFits = Fits<UpdaterHandle, AppUpdater>;
