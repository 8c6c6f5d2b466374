import { UPDATE_TEXT } from '../../shared/i18n/update-text';
import type { Language, UpdateSettings } from '../../shared/settings';
import type { Logger } from '../core/ports';
import { errorMessage } from '../core/log-text';
import {
  feedFileName,
  githubFeedBase,
  redactUrlCredentials,
} from '../features/updates/core/update-feed';
import { UPDATE_CHECK_INTERVAL_MS, UpdateNotice } from '../features/updates/core/update-notice';
import type { OutputLine } from './output';

/** The command that updates a clone, printed with the `update` line. */
export const UPDATE_COMMAND = 'git pull && npm ci';

/** What headless mode's update check needs. */
export interface UpdateLinesDeps {
  settings: () => UpdateSettings;
  /** The language of the line's `message`. */
  language: () => Language;
  currentVersion: string;
  /** The clone's origin remote (the GitHub releases feed is derived from it). */
  originUrl: () => Promise<string | undefined>;
  /** Reads the version a feed names (fetchFeedVersion). */
  feedVersion: (folder: string, fileName: string) => Promise<string>;
  platform: string;
  arch: string;
  emit: (line: OutputLine) => void;
  log: Logger;
  everyMs?: number;
}

/** How one check ended. */
export type HeadlessCheck =
  | { kind: 'off' }
  | { kind: 'no-feed' }
  | { kind: 'checked'; version: string; told: boolean }
  | { kind: 'failed'; message: string };

/**
 * Headless mode's updates: the same setting and feed as the desktop app (`updates.feedUrl`, or the
 * GitHub releases of the clone's origin), read at start and every 6 hours; a newer version is
 * printed once as `{"type":"update","version",…,"command":"git pull && npm ci"}`. Nothing is
 * downloaded: a clone updates with git.
 */
export function startUpdateLines(deps: UpdateLinesDeps): {
  checkNow(): Promise<HeadlessCheck>;
  /** The settings may have changed: switched on, or a new mirror while on, checks at once. */
  settingsMaybeChanged(): void;
  stop(): void;
} {
  const notice = new UpdateNotice(deps.currentVersion);
  let saidNoFeed = false;
  const checkNow = async (): Promise<HeadlessCheck> => {
    const settings = deps.settings();
    if (!settings.check) return { kind: 'off' };
    try {
      const folder = settings.feedUrl || githubFeedBase((await deps.originUrl()) ?? '');
      if (!folder) {
        if (!saidNoFeed)
          deps.log.info('updates: no feed (set updates.feedUrl, or clone from GitHub)');
        saidNoFeed = true;
        return { kind: 'no-feed' };
      }
      const version = await deps.feedVersion(folder, feedFileName(deps.platform, deps.arch));
      const told = notice.tell(version);
      if (told)
        deps.emit({
          type: 'update',
          version,
          current: deps.currentVersion,
          feed: redactUrlCredentials(folder),
          command: UPDATE_COMMAND,
          message: UPDATE_TEXT[deps.language()].headlessMessage(version, deps.currentVersion),
        });
      return { kind: 'checked', version, told };
    } catch (error) {
      const message = redactUrlCredentials(errorMessage(error));
      deps.log.warn(`updates: ${message}`);
      return { kind: 'failed', message };
    }
  };
  let seen = JSON.stringify(deps.settings());
  const settingsMaybeChanged = () => {
    const now = JSON.stringify(deps.settings());
    if (now === seen) return;
    seen = now;
    if (deps.settings().check) void checkNow();
  };
  void checkNow();
  const timer = setInterval(() => void checkNow(), deps.everyMs ?? UPDATE_CHECK_INTERVAL_MS);
  timer.unref();
  return { checkNow, settingsMaybeChanged, stop: () => clearInterval(timer) };
}
