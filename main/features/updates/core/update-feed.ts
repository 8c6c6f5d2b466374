// electron-builder's update feeds: which file a platform reads, where a GitHub repository's latest
// release keeps it, and the version it names. Used by headless mode, which has no electron-updater.

/** The feed file electron-updater reads on this platform (its Provider.getChannelFilePrefix). */
export function feedFileName(platform: string, arch: string): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return `latest-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
}

/**
 * The download folder of a GitHub repository's latest release, from a git remote URL
 * (`https://github.com/o/r.git`, `git@github.com:o/r.git`); undefined for anything else. GitHub
 * redirects `/releases/latest/download/<asset>` to the asset of the latest published release.
 */
export function githubFeedBase(remoteUrl: string): string | undefined {
  const match =
    /^(?:https:\/\/|ssh:\/\/git@|git@)github\.com[/:]([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(
      remoteUrl.trim(),
    );
  if (!match) return undefined;
  return `https://github.com/${match[1]}/${match[2]}/releases/latest/download/`;
}

/** A feed URL as a folder to resolve file names against (a trailing slash added). */
export function feedFolder(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * The top-level `version:` of a latest*.yml (electron-builder writes it unquoted or quoted, e.g.
 * `version: 1.2.3` or `version: '1.2.3'`); undefined when there is none.
 */
export function feedVersion(yml: string): string | undefined {
  for (const line of yml.split(/\r?\n/)) {
    const match = /^version:\s*(['"]?)([^'"\s#]+)\1\s*(?:#.*)?$/.exec(line);
    if (match) return match[2];
  }
  return undefined;
}

/**
 * Release notes as plain text: electron-updater gives the GitHub release's body as HTML, or a list
 * of notes per version (fullChangelog); tags are dropped, never rendered.
 */
export function releaseNotesText(
  notes: string | readonly { version: string; note: string | null }[] | null | undefined,
): string {
  if (notes == null) return '';
  const text =
    typeof notes === 'string'
      ? notes
      : notes.map((entry) => `${entry.version}\n${entry.note ?? ''}`).join('\n\n');
  return text
    .replace(/<\/(p|li|h\d|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 20_000);
}

/** The URL of the `origin` remote in a git config file's text; undefined when it has none. */
export function originUrlOf(gitConfig: string): string | undefined {
  let inOrigin = false;
  for (const raw of gitConfig.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) inOrigin = /^\[remote\s+"origin"\]$/.test(line);
    else if (inOrigin) {
      const match = /^url\s*=\s*(\S+)$/.exec(line);
      if (match) return match[1];
    }
  }
  return undefined;
}

/** Text with the user and password of any URL in it masked (`https://***@host/`). */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@');
}
