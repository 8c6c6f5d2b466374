import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');

/** The doc's section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = doc.indexOf(`## ${title}\n`);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 3);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** Every `file`: `Symbol` or `file`: `Class.method` stop of a section, in order. */
function stops(text: string): { file: string; symbol: string }[] {
  const found = [...text.matchAll(/`([\w./-]+\.tsx?)`: `([\w.]+)`/g)];
  return found.map((m) => ({ file: m[1]!, symbol: m[2]! }));
}

/** Whether `source` exports `symbol` (a function, class, const, type or interface). */
function exports(source: string, symbol: string): boolean {
  return new RegExp(
    `export (?:async )?(?:function|class|const|let|interface|type) ${symbol}\\b`,
  ).test(source);
}

describe('docs/architecture.md', () => {
  it.each(['The path of one webhook', 'The path of one poll'])(
    '"%s" names files and exports that exist',
    (title) => {
      const list = stops(section(title));
      expect(list.length).toBeGreaterThan(5);
      for (const { file, symbol } of list) {
        const path = join(PROJECT_ROOT, file);
        expect(existsSync(path), `${file} exists`).toBe(true);
        const source = readFileSync(path, 'utf8');
        const [owner, method] = symbol.split('.');
        expect(exports(source, owner!), `${file} exports ${owner}`).toBe(true);
        if (method) {
          // A method of the exported class: declared in its file (async, static or private-free).
          expect(source, `${file}: ${owner}.${method}`).toMatch(
            new RegExp(`\\n\\s+(?:async |static |readonly )*${method}(?:\\(| =)`),
          );
        }
      }
    },
  );

  it('every source file it names exists', () => {
    const files = [
      ...doc.matchAll(/`((?:main|shared|renderer|test|bench|tools)\/[\w./-]+\.tsx?)`/g),
    ];
    expect(files.length).toBeGreaterThan(20);
    const missing = files.map((m) => m[1]!).filter((file) => !existsSync(join(PROJECT_ROOT, file)));
    expect(missing).toEqual([]);
  });

  it('points nowhere outside the repository', () => {
    expect(doc).not.toMatch(/\.\.\/shared|issue \d+|the brief/i);
  });
});
