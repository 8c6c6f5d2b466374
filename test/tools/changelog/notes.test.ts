import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  changelogSection,
  releaseNotes,
  signingFactsFrom,
  tagVersion,
} from '../../../tools/changelog/notes';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const version = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
).version;

describe('CHANGELOG.md', () => {
  it("keeps an Unreleased section and one for package.json's version", () => {
    expect(changelogSection(changelog, 'Unreleased')).toMatch(/### Added/);
    expect(changelogSection(changelog, version)).toMatch(/\S/);
  });
});

describe('releaseNotes', () => {
  const sample =
    '# Changelog\n\n## [1.1.0] - 2027-01-01\n\n### Fixed\n\n- a\n\n## [1.0.0]\n\n- b\n';

  it("takes the version's section only", () => {
    expect(changelogSection(sample, '1.1.0')).toBe('### Fixed\n\n- a');
    expect(changelogSection(sample, '1.0.0')).toBe('- b');
    expect(changelogSection(sample, '2.0.0')).toBeUndefined();
  });

  it('says plainly which installers are unsigned', () => {
    const notes = releaseNotes(sample, '1.1.0', signingFactsFrom({}));
    expect(notes).toMatch(/Windows\*\*: the installer is \*\*not signed\*\*.*"Run anyway"/);
    expect(notes).toMatch(/macOS\*\*: \*\*ad-hoc signed, not notarized\*\*.*"Open Anyway"/);
    expect(notes).toContain('Updates on this Mac build are downloaded for you to install');
    const signed = releaseNotes(
      sample,
      '1.1.0',
      signingFactsFrom({ WINDOWS_SIGNED: 'true', MAC_SIGNED: 'true', MAC_NOTARIZED: 'true' }),
    );
    expect(signed).toMatch(/Windows\*\*: the installer and the app are signed; SmartScreen/);
    expect(signed).toMatch(/Developer ID and notarized: it opens without a warning/);
    expect(signed).not.toContain('downloaded for you to install');
    const notNotarized = releaseNotes(
      sample,
      '1.1.0',
      signingFactsFrom({ MAC_SIGNED: 'true', MAC_NOTARIZED: 'false' }),
    );
    expect(notNotarized).toMatch(/\*\*not notarized\*\*: Gatekeeper asks once/);
    expect(releaseNotes(sample, '3.0.0', signingFactsFrom({}))).toMatch(/No CHANGELOG.md entry/);
  });

  it('reads the version from a tag', () => {
    expect(tagVersion('v1.2.3')).toBe('1.2.3');
    expect(tagVersion('refs/tags/v1.2.3')).toBe('1.2.3');
  });
});
