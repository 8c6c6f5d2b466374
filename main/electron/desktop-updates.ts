import type { AppNotification } from '../../shared/model';
import { UPDATE_TEXT } from '../../shared/i18n/update-text';
import type { Language } from '../../shared/settings';
import { readInstallFiles } from '../adapters/install-facts';
import {
  takeUpdateFailure,
  type UpdateFailure,
} from '../features/updates/adapters/update-failure-file';
import { readToldVersion, saveToldVersion } from '../features/updates/adapters/update-told-file';
import type { RunningApp } from '../app';
import type { Logger } from '../core/ports';
import {
  downloadUrl,
  updateRoute,
  updaterEnvironment,
  updateSourceOf,
} from '../features/updates/core/update-route';
import { AppUpdates, type ReadyUpdate, type UpdaterHandle } from './app-updater';
import type { UpdateState } from './update-state';

/**
 * The popup saying an update is ready: once per version, worded for how it is taken. It has no
 * notification kind of its own (the desktop notifier does not read `event`; it never reaches the
 * history or push targets); a click opens the window, whose About shows the release notes.
 */
export function updatePopup(update: ReadyUpdate, language: Language, at: number): AppNotification {
  const text = UPDATE_TEXT[language];
  const [title, body] =
    update.action === 'install'
      ? [text.installTitle(update.version), text.installBody]
      : update.action === 'download'
        ? [text.downloadTitle(update.version), text.downloadBody]
        : [text.popupTitle(update.version), text.popupBody];
  return {
    id: `update-${update.version}`,
    event: 'SessionReport',
    roomIds: [],
    title,
    body,
    action: { kind: 'openWindow' },
    createdAt: at,
    tag: 'update',
  };
}

/** The popup of the run after a failed install: which version, and why. */
export function updateFailedPopup(
  failure: UpdateFailure,
  language: Language,
  at: number,
): AppNotification {
  const text = UPDATE_TEXT[language];
  return {
    id: `update-failed-${failure.version}`.slice(0, 64),
    event: 'SessionReport',
    roomIds: [],
    title: text.failedTitle(failure.version),
    body: text.failedBody(failure.reason),
    action: { kind: 'openWindow' },
    createdAt: at,
    tag: 'update',
  };
}

/** What the desktop app's updates are wired to. */
export interface DesktopUpdatesDeps {
  /** electron-updater's `autoUpdater` (absent: this build has no updater). */
  updater: (() => UpdaterHandle) | undefined;
  isPackaged: boolean;
  version: string;
  dataDir: string;
  platform: NodeJS.Platform;
  /** The process's environment, which electron-updater reads when it installs. */
  env: NodeJS.ProcessEnv;
  /** Where electron-builder put `package-type` and `app-update.yml`, and the app's package.json. */
  paths: { resourcesPath: string; appPath: string };
  /** Running from an AppImage (`$APPIMAGE`): the app starts the new version itself. */
  appImage: boolean;
  app: Pick<RunningApp, 'settings' | 'state' | 'subscribe'>;
  state: UpdateState;
  showPopup: (notification: AppNotification) => void;
  /** An AppImage update renamed the file: what starts it at login must follow. */
  onAppImageRenamed?: (path: string) => void;
  log: Logger;
  /** For tests: between checks. */
  everyMs?: number;
}

/**
 * Builds the updates of a packaged app (a development run has no feed: electron-updater itself
 * refuses unpackaged apps), told in the state (tray item, About) and, once per version, by popup.
 * The route follows how the app was installed (main/features/updates/core/update-route.ts). A failed install
 * kept by the run before (update-install.ts) is told at once.
 */
export async function desktopUpdates(deps: DesktopUpdatesDeps): Promise<AppUpdates | undefined> {
  const { log } = deps;
  if (deps.updater === undefined || !deps.isPackaged) {
    log.info('updates: not checked (a development run)');
    return undefined;
  }
  const warn = (message: string) => log.warn(message);
  const files = await readInstallFiles(deps.paths, warn);
  const route = updateRoute({ platform: deps.platform, ...files });
  Object.assign(deps.env, updaterEnvironment({ platform: deps.platform, ...files }));
  const source = files.appUpdateYml === undefined ? undefined : updateSourceOf(files.appUpdateYml);
  log.info(`updates: ${route === 'restart' ? 'restart to update' : route} (${deps.platform})`);
  const updates = new AppUpdates({
    updater: deps.updater,
    settings: () => deps.app.settings().updates,
    currentVersion: deps.version,
    told: await readToldVersion(deps.dataDir, warn),
    saveTold: (version) => void saveToldVersion(deps.dataDir, version, warn),
    onReady: (update, announce) => {
      deps.state.set(update);
      if (announce) deps.showPopup(updatePopup(update, deps.app.state().language, Date.now()));
    },
    log,
    route,
    downloadUrl: (version, listed) =>
      downloadUrl({ version, files: listed, source, mirror: deps.app.settings().updates.feedUrl }),
    selfRelaunch: deps.appImage && route === 'restart',
    ...(deps.onAppImageRenamed ? { onAppImageRenamed: deps.onAppImageRenamed } : {}),
    ...(deps.everyMs !== undefined ? { everyMs: deps.everyMs } : {}),
  });
  const failure = await takeUpdateFailure(deps.dataDir, warn);
  if (failure !== undefined) {
    log.warn(`updates: installing ${failure.version} failed in the last run: ${failure.reason}`);
    deps.state.failed(failure.version, failure.reason);
    deps.showPopup(updateFailedPopup(failure, deps.app.state().language, Date.now()));
  }
  // Settings changes reach the state; the updates look whether theirs changed.
  deps.app.subscribe((message) => {
    if (message.event === 'state:changed') updates.settingsMaybeChanged();
  });
  return updates;
}
