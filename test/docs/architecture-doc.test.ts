import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_CHANNELS, EVENT_CHANNELS } from '../../shared/ipc-contract';
import { PROJECT_ROOT } from '../helpers/headless-process';
import { defines, definesQualified, sourceFilesByName } from '../helpers/source-names';

const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const byName = sourceFilesByName(PROJECT_ROOT);

/** The doc's section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = doc.indexOf(`## ${title}\n`);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 3);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** Every backticked token of a text. */
const ticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const REPO_PATH = /^(?:main|shared|renderer|test|bench|tools)\/[\w./<>{},-]+$/;
const SOURCE_FILE = /\.tsx?$/;
const CODE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const CHANNEL = /^[a-z][\w]*:[\w*]+$/;

/** Every `file`: `name` and `file` (`name` of a text, the file as written (a path or a base name)). */
function pairs(text: string): { file: string; name: string }[] {
  const found = [...text.matchAll(/`([\w./-]+\.tsx?)`(?::| \() ?`([\w$.]+)`/g)];
  return found.map((m) => ({ file: m[1]!, name: m[2]! }));
}

/** The repository files a written file name stands for: the path itself, or every file of that base name. */
const filesFor = (file: string) => (file.includes('/') ? [file] : (byName.get(file) ?? []));

// The paths to the window, and the pipeline's ways in: every name in them is checked.
const CHECKED = [
  "The pipeline's ways in",
  'From a webhook to the popup',
  'From a webhook to the Files list',
  'From a poll to the room list',
];

describe('docs/architecture.md', () => {
  describe.each(CHECKED)('"%s"', (title) => {
    const text = section(title);
    const tokens = ticked(text);
    const files = tokens.filter((t) => SOURCE_FILE.test(t)).flatMap(filesFor);

    it('names files and folders that exist', () => {
      const paths = tokens.filter((t) => REPO_PATH.test(t) && !t.includes('<'));
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.filter((p) => !existsSync(join(PROJECT_ROOT, p)))).toEqual([]);
      const bare = tokens.filter((t) => SOURCE_FILE.test(t) && !t.includes('/'));
      expect(bare.filter((name) => !byName.has(name))).toEqual([]);
    });

    it('defines each `file`: `name` in that file', () => {
      const wrong = pairs(text).filter(
        ({ file, name }) => !filesFor(file).some((f) => definesQualified(read(f), name)),
      );
      expect(wrong).toEqual([]);
    });

    it('defines every other name in a file the section names', () => {
      const sources = files.map(read);
      const names = tokens.filter((t) => CODE_NAME.test(t) && !SOURCE_FILE.test(t));
      expect(names.length).toBeGreaterThan(0);
      const undefinedNames = names.filter((n) => !sources.some((s) => definesQualified(s, n)));
      expect(undefinedNames).toEqual([]);
    });

    it('names channels of the contract, host events or Node built-ins', () => {
      const hostEvents = read('main/app/app-ports.ts');
      const known = new Set<string>([...CALL_CHANNELS, ...EVENT_CHANNELS]);
      const unknown = tokens
        .filter((t) => CHANNEL.test(t))
        .filter((t) => !known.has(t) && !isBuiltin(t) && !hostEvents.includes(`'${t}':`));
      expect(unknown).toEqual([]);
    });
  });

  it('every source file it names exists, and the names beside a file are defined in it', () => {
    const tokens = ticked(doc);
    const paths = tokens.filter((t) => REPO_PATH.test(t) && SOURCE_FILE.test(t));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((file) => !existsSync(join(PROJECT_ROOT, file)))).toEqual([]);
    const bare = tokens.filter((t) => SOURCE_FILE.test(t) && !t.includes('/'));
    expect(bare.filter((name) => !byName.has(name))).toEqual([]);
    const wrong = pairs(doc).filter(
      ({ file, name }) => !filesFor(file).some((f) => definesQualified(read(f), name)),
    );
    expect(wrong).toEqual([]);
  });

  it('names every file of main/app/ in the app object section, and every feature', () => {
    const appSection = section('The app object');
    const app = readdirSync(join(PROJECT_ROOT, 'main', 'app')).map((entry) =>
      statSync(join(PROJECT_ROOT, 'main', 'app', entry)).isDirectory()
        ? `main/app/${entry}/`
        : `main/app/${entry}`,
    );
    expect(app.filter((file) => !appSection.includes(`\`${file}\``))).toEqual([]);
    const layout = section('Features as slices');
    const features = readdirSync(join(PROJECT_ROOT, 'main', 'features'));
    expect(features.filter((name) => !layout.includes(`| \`${name}\``))).toEqual([]);
  });

  it('gives each glossary word one line, once, with names that exist', () => {
    const lines = section('Glossary')
      .split('\n')
      .filter((line) => line.startsWith('- ') || line.startsWith('  '));
    const words = lines.map((line) => /^- \*\*([^*]+)\*\*: \S/.exec(line)?.[1]);
    expect(words, 'one "- **Word**: …" line per word').not.toContain(undefined);
    expect(new Set(words).size).toBe(words.length);
    const everything = [...byName.values()]
      .flat()
      .filter((file) => /^(?:main|shared|renderer)\//.test(file))
      .map(read);
    const names = ticked(lines.join('\n')).filter((t) => CODE_NAME.test(t) && /[A-Z]/.test(t));
    expect(names.filter((n) => !everything.some((s) => defines(s, n)))).toEqual([]);
  });

  it('points nowhere outside the repository', () => {
    expect(doc).not.toMatch(/\.\.\/shared|issue \d+|the brief/i);
  });
});
