import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

// A user's clone holds the repository and nothing beside it: a comment, a doc or a path that
// points at a file outside it (a spec the developers had, a sibling folder) leads nowhere. What
// the code relies on about the recorder is in docs/recorder.md.

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'out', 'release', 'test-output']);

/**
 * Deliberate paths out of a folder: hostile webhook payloads the tests send on purpose, the
 * text git writes in a worktree's `commondir` file (a test builds one), and the imports the
 * layers test lints as if written in a file of main/features/ (inside the repository from there).
 */
const HOSTILE_PAYLOADS: readonly (readonly [file: string, path: string])[] = [
  ['test/headless/cli-files-and-popups.test.ts', '../../../../usr/bin/xterm'],
  ['test/features/jobs/app/jobs.test.ts', '../../../../usr/bin/xterm'],
  ['test/features/updates/adapters/update-feed-client.test.ts', '../..'],
  ['test/lint/layers.test.ts', '../../../electron/notifier'],
  ['test/lint/layers.test.ts', '../../../core/ports'],
];

// The files this project's developers once had beside it, by name.
const OUTSIDE_NAMES =
  /recorder-facts|recorder-service\.md|\/work\/|\.\.\/shared\/(?:spec|design)\b/;

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

const insideRoot = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
};

/** What in one file's text points outside the repository at `root` (file names, paths). */
function outsidePointers(
  root: string,
  file: string,
  text: string,
  markdownNames: ReadonlySet<string>,
): string[] {
  // Web addresses point at other projects on purpose; they are not files of a clone.
  const plain = text.replace(/\bhttps?:\/\/[^\s)'"`>\]]+/g, '');
  const found: string[] = [];
  const named = plain.match(OUTSIDE_NAMES);
  if (named) found.push(named[0]);
  for (const [path] of plain.matchAll(/(?:\.\.\/)+[\w.-]+(?:\/[\w.-]+)*/g)) {
    const hostile = HOSTILE_PAYLOADS.some(([f, p]) => join(root, f) === file && p === path);
    if (!hostile && !insideRoot(root, resolve(dirname(file), path))) found.push(path);
  }
  for (const [name] of plain.matchAll(/[\w./-]*[\w-]+\.md\b/g)) {
    const exists =
      existsSync(resolve(dirname(file), name)) ||
      existsSync(resolve(root, name)) ||
      (!name.includes('/') && markdownNames.has(name));
    if (!exists) found.push(name);
  }
  return found;
}

describe('pointers to files', () => {
  const files = walk(PROJECT_ROOT);
  const markdownNames = new Set(files.filter((f) => f.endsWith('.md')).map((f) => basename(f)));

  it('no file in the project points outside the repository', () => {
    expect(files.length).toBeGreaterThan(300);
    const self = join(PROJECT_ROOT, 'test', 'docs', 'outside-pointers.test.ts');
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      if (file === self || bytes.includes(0)) continue; // itself, and images
      for (const pointer of outsidePointers(
        PROJECT_ROOT,
        file,
        bytes.toString('utf8'),
        markdownNames,
      ))
        found.push(`${relative(PROJECT_ROOT, file)}: ${pointer}`);
    }
    expect(found).toEqual([]);
  });

  it('finds each kind of pointer out (the check itself)', () => {
    const file = join(PROJECT_ROOT, 'main', 'core', 'x.ts');
    const check = (text: string) => outsidePointers(PROJECT_ROOT, file, text, markdownNames);
    expect(check('// see recorder-facts.md "Commands"')).toEqual([
      'recorder-facts',
      'recorder-facts.md',
    ]);
    // The specs' folder, spelled in pieces: this file must not itself point there.
    const specs = ['..', 'shared', 'spec'].join('/');
    expect(check(`import x from '../../${specs}/a';`)).toEqual([specs, `../../${specs}/a`]);
    expect(check('(spec/product.md)')).toEqual(['spec/product.md']);
    expect(check(`/work/${['shared', 'fixtures'].join('/')}/x.json`)).toEqual(['/work/']);
    // Inside: an import, the project's docs, a web address.
    expect(check("import { z } from '../../shared/parse'; // docs/recorder.md, README.md")).toEqual(
      [],
    );
    expect(
      check('https://github.com/electron/electron/blob/main/docs/api/power-monitor.md'),
    ).toEqual([]);
  });
});
