import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  asciiOnly,
  buildHeadlessIfStale,
  headlessBundleIsStale,
} from '../../../tools/build/headless-bundle';
import { PROJECT_ROOT } from '../../helpers/headless-process';

const dir = mkdtempSync(join(tmpdir(), 'headless-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the headless bundle', () => {
  it('is built when missing or older than a source, and only then', () => {
    // Two folders down, as dist/headless/ is: cli.ts finds package.json two folders up.
    const outfile = join(PROJECT_ROOT, 'test-output', 'bundle-test', 'cli.mjs');
    rmSync(outfile, { force: true });
    expect(headlessBundleIsStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(headlessBundleIsStale(PROJECT_ROOT, outfile)).toBe(false);
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(false);
    utimesSync(outfile, new Date(0), new Date(0)); // older than every source
    expect(headlessBundleIsStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);

    // One file: it imports nothing but Node's builtins, and runs with plain node.
    const code = readFileSync(outfile, 'utf8');
    expect(code).not.toMatch(/[\u0080-\uffff]/); // one byte a character in V8 (see asciiOnly)
    const imported = [...code.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((m) => m[1]!);
    const builtins = new Set(builtinModules);
    expect(imported.filter((name) => !builtins.has(name.replace(/^node:/, '')))).toEqual([]);
    const help = spawnSync(process.execPath, [outfile, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stderr).toContain('--data-dir');
    expect(help.stdout).toBe('');
  }, 60_000);

  it('escapes non-ASCII characters to what means the same in a regular expression', () => {
    for (const [source, flags, text] of [
      ['[。（，]', 'g', '好。（是，'],
      ['com[0-9¹²³]', '', 'com²'],
      ['^😀+$', 'u', '😀😀'],
      ['^😀$', '', '😀'],
    ] as const) {
      const escaped = asciiOnly(source);
      expect(escaped).not.toMatch(/[\u0080-\uffff]/);
      expect(text.replace(new RegExp(escaped, flags), '-')).toBe(
        text.replace(new RegExp(source, flags), '-'),
      );
    }
    expect(asciiOnly('/* ¥ */ const a = "x";')).toBe('/* \\u00a5 */ const a = "x";');
  });

  it('a missing output folder is made', () => {
    const outfile = join(dir, 'a', 'b', 'cli.mjs');
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(readFileSync(outfile, 'utf8').length).toBeGreaterThan(1000);
  }, 60_000);
});
