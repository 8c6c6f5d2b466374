// The release notes of a version: its section of CHANGELOG.md and a plain statement of which
// installers are signed (the release workflow signs only when the repository has the secrets).

/** Which builds the release workflow could sign (from whether the secrets were set). */
export interface SigningFacts {
  windowsSigned: boolean;
  macSigned: boolean;
  macNotarized: boolean;
}

/** The body of `## [version]` in a Keep a Changelog file, or undefined when it has none. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}

/**
 * What each platform's installer is, in plain words, and what that means for whoever installs it:
 * SmartScreen on Windows, Gatekeeper's first launch on macOS, and whether the app can install its
 * own updates (Squirrel.Mac applies an update only to a Developer ID build: it checks the code's
 * designated requirement, which an ad-hoc signature does not carry).
 */
export function signingStatement(facts: SigningFacts): string {
  const windows = facts.windowsSigned
    ? '- **Windows**: the installer and the app are signed; SmartScreen names the publisher. Updates install themselves.'
    : '- **Windows**: the installer is **not signed**. SmartScreen warns at the first run: "More info" → "Run anyway". Updates install themselves.';
  const mac = !facts.macSigned
    ? '- **macOS**: **ad-hoc signed, not notarized**. The first launch is refused as from an unidentified developer: System Settings → Privacy & Security → "Open Anyway". Updates on this Mac build are downloaded for you to install: the app cannot replace itself.'
    : facts.macNotarized
      ? '- **macOS**: signed with a Developer ID and notarized: it opens without a warning. Updates install themselves.'
      : '- **macOS**: signed with a Developer ID, **not notarized**: Gatekeeper asks once at the first launch (Control-click → Open). Updates install themselves.';
  const linux =
    '- **Linux**: the AppImage and the deb are unsigned, as usual for both; the deb installs with `sudo apt install ./recorder-tray_….deb`.';
  return ['### Installers', '', windows, mac, linux].join('\n');
}

/** The whole release body: the changelog's section (or a note that it has none) and the signing. */
export function releaseNotes(changelog: string, version: string, facts: SigningFacts): string {
  const section = changelogSection(changelog, version) ?? `No CHANGELOG.md entry for ${version}.`;
  return `${section}\n\n${signingStatement(facts)}\n`;
}

/** The version a tag names: `v1.2.3` → `1.2.3`. */
export function tagVersion(tag: string): string {
  return tag.replace(/^refs\/tags\//, '').replace(/^v/, '');
}

/** Reads the workflow's `true`/`false` strings ('' or absent: false). */
export function signingFactsFrom(env: NodeJS.ProcessEnv): SigningFacts {
  const yes = (name: string) => env[name] === 'true';
  return {
    windowsSigned: yes('WINDOWS_SIGNED'),
    macSigned: yes('MAC_SIGNED'),
    macNotarized: yes('MAC_NOTARIZED'),
  };
}
