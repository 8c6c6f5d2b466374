import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  asciiOnly,
  buildHeadlessIfStale,
  HEADLESS_BUNDLE,
  HEADLESS_NODE_OPTIONS,
  headlessBundleIsStale,
} from '../../../tools/build/headless-bundle';
import { chunksOf } from '../../../tools/build/headless-chunks';
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

    // It imports nothing but Node's builtins and its own chunks, and runs with plain node.
    const files = [outfile, ...chunksOf(outfile)];
    const builtins = new Set(builtinModules);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/[\u0080-\uffff]/); // one byte a character in V8 (see asciiOnly)
      const outside = staticImports(code).filter(
        (name) => !builtins.has(name.replace(/^node:/, '')) && !name.startsWith('./cli.'),
      );
      expect(outside, file).toEqual([]);
    }
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

  it('leaves express and nodemailer out of what loads at start: they are in chunks loaded when used', () => {
    const outfile = join(PROJECT_ROOT, 'test-output', 'bundle-test', 'cli.mjs');
    buildHeadlessIfStale(PROJECT_ROOT, outfile);
    const atStart = staticallyLoaded(outfile);
    const later = [...chunksOf(outfile)].filter((file) => !atStart.includes(file));
    const holding = (files: string[], name: string) =>
      files.filter((file) => readFileSync(file, 'utf8').includes(`node_modules/${name}/`));
    for (const name of ['express', 'nodemailer']) {
      expect(holding(atStart, name), name).toEqual([]);
      expect(holding(later, name), name).toHaveLength(1);
    }
  }, 60_000);

  it('leaves ws and eventsource-parser out of what loads at start: the phone and the recorder streams load them when switched on', () => {
    const outfile = join(PROJECT_ROOT, 'test-output', 'bundle-test', 'cli.mjs');
    buildHeadlessIfStale(PROJECT_ROOT, outfile);
    const atStart = staticallyLoaded(outfile);
    const later = [...chunksOf(outfile)].filter((file) => !atStart.includes(file));
    const holding = (files: string[], path: string) =>
      files.filter((file) => readFileSync(file, 'utf8').includes(path));
    for (const path of [
      'node_modules/ws/',
      'node_modules/eventsource-parser/',
      'main/features/phone/app/phone-bots.ts',
      'main/features/recorder-kinds/app/stream-openers.ts',
    ]) {
      expect(holding(atStart, path), path).toEqual([]);
      expect(holding(later, path).length, path).toBeGreaterThan(0);
    }
  }, 60_000);

  it('imports node:crypto in nothing that loads at start: OpenSSL is started at its first use', () => {
    const outfile = join(PROJECT_ROOT, 'test-output', 'bundle-test', 'cli.mjs');
    buildHeadlessIfStale(PROJECT_ROOT, outfile);
    const importing = staticallyLoaded(outfile).filter((file) =>
      /from\s*["']node:crypto["']|import\s*["']node:crypto["']/.test(readFileSync(file, 'utf8')),
    );
    expect(importing).toEqual([]);
    // What loads it when used is there: main/adapters/node-crypto.ts.
    const atStart = staticallyLoaded(outfile).map((file) => readFileSync(file, 'utf8'));
    expect(atStart.some((code) => code.includes('getBuiltinModule("node:crypto")'))).toBe(true);
  }, 60_000);

  it("a rebuild removes older builds' chunks but keeps those of the build it replaces", () => {
    const outfile = join(dir, 'rebuilt', 'cli.mjs');
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    // As if the build it replaces had loaded a chunk that this build names otherwise.
    const replaced = join(dir, 'rebuilt', 'cli.replaced-AAAAAAAA.mjs');
    const older = join(dir, 'rebuilt', 'cli.older-BBBBBBBB.mjs');
    writeFileSync(replaced, 'export {};\n');
    writeFileSync(older, 'export {};\n');
    appendFileSync(outfile, 'const later = () => import("./cli.replaced-AAAAAAAA.mjs");\n');
    utimesSync(outfile, new Date(0), new Date(0));
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(existsSync(replaced)).toBe(true);
    expect(existsSync(older)).toBe(false);
    for (const chunk of chunksOf(outfile)) expect(existsSync(chunk), chunk).toBe(true);
  }, 60_000);

  it('is stale when a chunk it loads is gone, and the rebuild brings it back', () => {
    const outfile = join(dir, 'chunk-gone', 'cli.mjs');
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    const [chunk] = [...chunksOf(outfile)];
    expect(headlessBundleIsStale(PROJECT_ROOT, outfile)).toBe(false);
    rmSync(chunk!);
    expect(headlessBundleIsStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(existsSync(chunk!)).toBe(true);
  }, 60_000);

  it('npm run headless starts the bundle with the node options the fallback and the benches use', () => {
    const scripts = (
      JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.headless).toBe(
      `tsx tools/build-headless.ts && node ${[...HEADLESS_NODE_OPTIONS, HEADLESS_BUNDLE].join(' ')}`,
    );
    // The manual's plain `node` line (docs/headless-and-nas.md) is the same.
    const manual = readFileSync(join(PROJECT_ROOT, 'docs', 'headless-and-nas.md'), 'utf8');
    expect(manual).toContain(
      `node ${[...HEADLESS_NODE_OPTIONS, HEADLESS_BUNDLE].join(' ')} [options]`,
    );
    // This node accepts them (an unknown option: exit code 9 and a line on standard error).
    const run = spawnSync(process.execPath, [...HEADLESS_NODE_OPTIONS, '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('a missing output folder is made', () => {
    const outfile = join(dir, 'a', 'b', 'cli.mjs');
    expect(buildHeadlessIfStale(PROJECT_ROOT, outfile)).toBe(true);
    expect(readFileSync(outfile, 'utf8').length).toBeGreaterThan(1000);
  }, 60_000);
});

/** The entry and the chunks it imports statically (what loads at start), as paths. */
function staticallyLoaded(entry: string): string[] {
  const found = [entry];
  for (const file of found) {
    for (const name of staticImports(readFileSync(file, 'utf8'))) {
      const chunk = join(dirname(file), name);
      if (name.startsWith('./') && !found.includes(chunk)) found.push(chunk);
    }
  }
  return found;
}

/** What a built file imports or re-exports from at the top (esbuild spreads long ones over lines). */
function staticImports(code: string): string[] {
  const statement = /^(?:import|export)\s(?:[^;]*?\sfrom\s*)?["']([^"']+)["'];?$/gm;
  return [...code.matchAll(statement)].map((m) => m[1]!);
}
