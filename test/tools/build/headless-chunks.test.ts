import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunksOf, removeChunksBut } from '../../../tools/build/headless-chunks';

const root = join(tmpdir(), `headless-chunks-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh folder holding `files` (name → text); returns its path. */
function folderWith(name: string, files: Record<string, string>): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return folder;
}

describe("the headless bundle's chunks", () => {
  it('are what the entry loads, statically or dynamically, directly or through another chunk', () => {
    const folder = folderWith('closure', {
      'cli.mjs':
        'import { a } from "./cli.chunk-AAAAAAAA.mjs";\nconst m = () => import("./cli.mail-BBBBBBBB.mjs");\n' +
        'import "node:fs";\nconst other = "./small-limits.chunk-CCCCCCCC.mjs";\n',
      'cli.chunk-AAAAAAAA.mjs': 'export const a = 1;\n',
      'cli.mail-BBBBBBBB.mjs':
        'import { a } from "./cli.chunk-AAAAAAAA.mjs";\nimport("./cli.deep-DDDDDDDD.mjs");\n',
      'cli.deep-DDDDDDDD.mjs': 'export {};\n',
    });
    expect([...chunksOf(join(folder, 'cli.mjs'))].sort()).toEqual(
      ['cli.chunk-AAAAAAAA.mjs', 'cli.deep-DDDDDDDD.mjs', 'cli.mail-BBBBBBBB.mjs'].map((name) =>
        join(folder, name),
      ),
    );
    expect(chunksOf(join(folder, 'missing.mjs')).size).toBe(0);
  });

  it("are removed with their maps unless kept; the entries, other entries' chunks and other files stay", () => {
    const folder = folderWith('removal', {
      'cli.mjs': '',
      'cli.mjs.map': '',
      'cli.chunk-AAAAAAAA.mjs': '',
      'cli.chunk-AAAAAAAA.mjs.map': '',
      'cli.old-EEEEEEEE.mjs': '',
      'cli.old-EEEEEEEE.mjs.map': '',
      'cli.mjs.4242.tmp': '',
      'small-limits.mjs': '',
      'small-limits.chunk-FFFFFFFF.mjs': '',
      'notes.txt': '',
    });
    removeChunksBut(join(folder, 'cli.mjs'), new Set([join(folder, 'cli.chunk-AAAAAAAA.mjs')]));
    expect(readdirSync(folder).sort()).toEqual([
      'cli.chunk-AAAAAAAA.mjs',
      'cli.chunk-AAAAAAAA.mjs.map',
      'cli.mjs',
      'cli.mjs.4242.tmp',
      'cli.mjs.map',
      'notes.txt',
      'small-limits.chunk-FFFFFFFF.mjs',
      'small-limits.mjs',
    ]);
  });
});
