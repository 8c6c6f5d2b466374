// How this copy of the desktop app takes an update, from facts about how it was installed. The
// glue (main/electron/app-updater.ts) sets electron-updater's switches and the tray's item from it.
import { feedFolder } from './update-feed';

/**
 * - `restart`: downloaded in the background, installed on "Restart to update" or at the next quit
 *   (the NSIS installer, the AppImage, a Developer ID signed Mac build).
 * - `install`: a .deb (or another system package): installing runs pkexec or sudo, which asks for
 *   the root password, so it is never done at quit; downloaded, then installed only when the user
 *   chooses "install", asking once then.
 * - `download`: an ad-hoc signed Mac build: Squirrel.Mac refuses any update whose signature does
 *   not satisfy the running app's designated requirement, which an ad-hoc signature cannot, so
 *   the update is offered as a download to install by hand rather than failed every 6 hours.
 */
export type UpdateRoute = 'restart' | 'install' | 'download';

/** The package types electron-builder writes into `resources/package-type` (FpmTarget). */
const SYSTEM_PACKAGES = new Set(['deb', 'rpm', 'pacman']);

/** What is known at run time about how the app was installed. */
export interface InstallFacts {
  platform: string;
  /** `resources/package-type` (deb, rpm, pacman), which also picks electron-updater's updater. */
  packageType?: string | undefined;
  /** macOS: the signature the build was made with (absent: ad hoc, electron-builder.yml's default). */
  macSignature?: string | undefined;
}

/** This copy's route. */
export function updateRoute(facts: InstallFacts): UpdateRoute {
  if (facts.platform === 'darwin')
    return facts.macSignature === 'developer-id' ? 'restart' : 'download';
  if (facts.platform === 'linux' && SYSTEM_PACKAGES.has(facts.packageType?.trim() ?? ''))
    return 'install';
  return 'restart';
}

/**
 * What electron-updater must find in the environment for this copy. A .deb: its DebUpdater
 * installs with `dpkg -i` through pkexec, and when that fails (a dependency missing, or the
 * password dialog dismissed) runs `apt-get install -f` through pkexec again, asking for the
 * password a second time (electron-updater 6.8, DebUpdater.installWithCommandRunner).
 * `ELECTRON_BUILDER_LINUX_PACKAGE_MANAGER=apt` (LinuxUpdater.detectPackageManager) makes it one
 * `apt install <file>`, which brings missing dependencies itself: one command, asked once.
 */
export function updaterEnvironment(facts: InstallFacts): Record<string, string> {
  return facts.platform === 'linux' && facts.packageType?.trim() === 'deb'
    ? { ELECTRON_BUILDER_LINUX_PACKAGE_MANAGER: 'apt' }
    : {};
}

/** electron-updater's switches for a route. */
export function updaterSwitches(route: UpdateRoute): {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
} {
  return { autoDownload: route !== 'download', autoInstallOnAppQuit: route === 'restart' };
}

/** Where the update feed is, as electron-builder writes it into `resources/app-update.yml`. */
export type UpdateSource =
  { provider: 'github'; owner: string; repo: string } | { provider: 'generic'; url: string };

/**
 * Reads the few keys of app-update.yml that say where releases are (electron-builder writes one
 * `key: value` per line); undefined for a provider this does not know.
 */
export function updateSourceOf(yml: string): UpdateSource | undefined {
  const keys = new Map<string, string>();
  for (const line of yml.split(/\r?\n/)) {
    const match = /^([A-Za-z]+):\s*(['"]?)(.*?)\2\s*$/.exec(line);
    if (match?.[1] !== undefined && match[3] !== undefined) keys.set(match[1], match[3]);
  }
  const owner = keys.get('owner');
  const repo = keys.get('repo');
  const url = keys.get('url');
  if (keys.get('provider') === 'github' && owner && repo)
    return { provider: 'github', owner, repo };
  if (keys.get('provider') === 'generic' && url) return { provider: 'generic', url };
  return undefined;
}

/**
 * What "download" opens for a version: with a mirror set (`updates.feedUrl`), the dmg (else the
 * zip) in that folder; with the GitHub feed, the release's page. Only http(s) URLs come out.
 */
export function downloadUrl(input: {
  version: string;
  /** The file names the feed lists for this version. */
  files: readonly string[];
  source: UpdateSource | undefined;
  /** The `updates.feedUrl` setting ('' when unset). */
  mirror: string;
}): string | undefined {
  const folder =
    input.mirror !== ''
      ? input.mirror
      : input.source?.provider === 'generic'
        ? input.source.url
        : undefined;
  let url: string | undefined;
  if (folder !== undefined) {
    const file =
      input.files.find((name) => name.endsWith('.dmg')) ??
      input.files.find((name) => name.endsWith('.zip'));
    const base = feedFolder(folder);
    if (file === undefined) url = folder;
    else if (URL.canParse(file, base)) url = new URL(file, base).href;
  } else if (input.source?.provider === 'github') {
    const { owner, repo } = input.source;
    url = `https://github.com/${owner}/${repo}/releases/tag/v${encodeURIComponent(input.version)}`;
  }
  return url !== undefined && /^https?:\/\//i.test(url) ? url : undefined;
}
