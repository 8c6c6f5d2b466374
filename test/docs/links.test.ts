import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';
import { checkLinks, headingAnchors, markdownLinks, projectDocs } from './markdown-links';

// The README and the manual in docs/ link to each other by section: a heading renamed or a page
// moved must not leave a link that leads nowhere on GitHub.

/** A Markdown file's name, spelled in pieces: outside-pointers.test.ts flags a named one that is not in the repository. */
const md = (name: string): string => `${name}.md`;

describe('links in README.md and docs/', () => {
  it('every relative link and image points at a file that exists, and each #anchor at a heading there', () => {
    const files = projectDocs(PROJECT_ROOT);
    expect(files.map((file) => file.slice(PROJECT_ROOT.length + 1))).toEqual(
      expect.arrayContaining(['README.md', 'docs/user-guide.md', 'docs/benchmarks.md']),
    );
    const report = checkLinks(PROJECT_ROOT, files);
    expect(report.broken).toEqual([]);
    // Not vacuous: the README's screenshot and links into the manual by section were checked.
    expect(report.checked).toContainEqual({
      file: 'README.md',
      kind: 'image',
      href: 'docs/images/window.png',
    });
    expect(report.checked.filter((link) => link.href.includes('#')).length).toBeGreaterThan(30);
  });
});

describe('the check itself', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'doc-links-'));
    await mkdir(join(dir, 'docs', 'images'), { recursive: true });
    await writeFile(join(dir, 'docs', 'images', 'shot.png'), 'png');
    await writeFile(join(dir, 'docs', md('guide')), '# Guide\n\n## Point the recorder at it\n');
    await writeFile(
      join(dir, 'README.md'),
      [
        '# Readme',
        '',
        '## Install',
        '',
        `![shot](docs/images/shot.png) [ok](${md('docs/guide')}#point-the-recorder-at-it) [here](#install)`,
        `[gone](${md('docs/missing')}) ![gone](docs/images/missing.png) [bad anchor](${md('docs/guide')}#nowhere)`,
        '[no anchor here](#uninstall) [anchor in an image](docs/images/shot.png#top)',
        `[web](https://example.com/x.md) \`[code](${md('docs/code')})\``,
        '',
        '```md',
        `[fenced](${md('docs/fenced')})`,
        '```',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds links and images, not code spans and code blocks, in lists and tables too', () => {
    const text = [
      '[a](x.txt) ![b](y.png) `[c](z.txt)`',
      '',
      '- [d](list.txt#item)',
      '',
      '| a | b |',
      '| - | - |',
      '| [e](table.txt) | x |',
      '',
      '```',
      '[f](fenced.txt)',
      '```',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([
      { kind: 'link', href: 'x.txt' },
      { kind: 'image', href: 'y.png' },
      { kind: 'link', href: 'list.txt#item' },
      { kind: 'link', href: 'table.txt' },
    ]);
  });

  it('names headings as GitHub does: code kept as text, punctuation dropped, repeats numbered', () => {
    const anchors = headingAnchors(
      [
        '# The development run: `npm start`',
        '## macOS: what each build does',
        "## The recorder's rooms under control",
        '## Jobs',
        '### Jobs',
        '## 录播姬 Webhook',
      ].join('\n\n'),
    );
    expect([...anchors]).toEqual([
      'the-development-run-npm-start',
      'macos-what-each-build-does',
      'the-recorders-rooms-under-control',
      'jobs',
      'jobs-1',
      '录播姬-webhook',
    ]);
  });

  it('reports each broken link with its reason, and passes the good ones', () => {
    const report = checkLinks(dir, projectDocs(dir));
    expect(report.broken).toEqual([
      `README.md: ${md('docs/missing')} (no such file)`,
      'README.md: docs/images/missing.png (no such file)',
      `README.md: ${md('docs/guide')}#nowhere (no heading with that anchor)`,
      'README.md: #uninstall (no heading with that anchor)',
      'README.md: docs/images/shot.png#top (an anchor in a file that is not Markdown)',
    ]);
    expect(report.checked.map((link) => link.href)).toEqual([
      'docs/images/shot.png',
      `${md('docs/guide')}#point-the-recorder-at-it`,
      '#install',
      md('docs/missing'),
      'docs/images/missing.png',
      `${md('docs/guide')}#nowhere`,
      '#uninstall',
      'docs/images/shot.png#top',
    ]);
  });
});
