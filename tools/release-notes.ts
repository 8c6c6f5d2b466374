// The release workflow's helper (.github/workflows/release.yml):
//   tsx tools/release-notes.ts <tag>              prints the release notes of the tag's version
//                                                 (CHANGELOG.md's section, and which builds are
//                                                 signed: WINDOWS_SIGNED, MAC_SIGNED, MAC_NOTARIZED)
//   tsx tools/release-notes.ts --check-tag <tag>  exits 1 unless the tag is v<package.json version>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { releaseNotes, signingFactsFrom, tagVersion } from './changelog/notes';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const check = args[0] === '--check-tag';
const tag = check ? args[1] : args[0];
if (tag === undefined) {
  console.error('usage: tsx tools/release-notes.ts [--check-tag] <tag>');
  process.exit(2);
}
const version = tagVersion(tag);
if (check) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (manifest.version !== version) {
    console.error(`tag ${tag} is not package.json's version ${manifest.version}`);
    process.exit(1);
  }
  console.error(`tag ${tag} matches package.json`);
} else {
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  process.stdout.write(releaseNotes(changelog, version, signingFactsFrom(process.env)));
}
