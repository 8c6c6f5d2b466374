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

/** What each platform's installer is, in plain words. */
export function signingStatement(facts: SigningFacts): string {
  const windows = facts.windowsSigned
    ? '- Windows: the installer is signed.'
    : '- Windows: the installer is **not signed**: SmartScreen warns ("More info" → "Run anyway").';
  const mac = facts.macSigned
    ? `- macOS: signed with a Developer ID${facts.macNotarized ? ' and notarized' : ', **not notarized**: Gatekeeper asks once'}.`
    : '- macOS: **ad-hoc signed, not notarized**: open it once with System Settings → Privacy & Security → "Open Anyway"; it cannot update itself (macOS updates need a Developer ID signature).';
  const linux = '- Linux: AppImage and deb, unsigned as usual for both.';
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
