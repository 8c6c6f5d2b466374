import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  osSetsFor,
  setsFor,
  TEST_SET_NAMES,
  TEST_SETS,
  type TestSetName,
} from '../../../tools/test-sets/sets';
import { PROJECT_ROOT } from '../../helpers/headless-process';

const run = promisify(execFile);

/** Every test file on disk, as a path from the project root with `/`. */
async function testFiles(): Promise<string[]> {
  const names = await readdir(join(PROJECT_ROOT, 'test'), { recursive: true });
  return names
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `test/${name.split(sep).join('/')}`)
    .sort();
}

/** The files of each set as vitest itself resolves the projects (`vitest list --filesOnly`). */
async function vitestSets(): Promise<Map<string, TestSetName[]>> {
  const vitest = join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const { stdout } = await run(process.execPath, [vitest, 'list', '--filesOnly', '--json'], {
    cwd: PROJECT_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const sets = new Map<string, TestSetName[]>();
  for (const { file, projectName } of JSON.parse(stdout) as {
    file: string;
    projectName: TestSetName;
  }[]) {
    const path = relative(PROJECT_ROOT, file).split(sep).join('/');
    sets.set(path, [...(sets.get(path) ?? []), projectName]);
  }
  return sets;
}

describe('the test sets (tools/test-sets/sets.ts)', () => {
  it('put every test file in a set, and no OS runs a file twice', async () => {
    const [files, sets] = await Promise.all([testFiles(), vitestSets()]);
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !sets.has(file))).toEqual([]);
    expect([...sets.keys()].sort()).toEqual(files);
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const runs = setsFor(platform);
      const twice = files.filter(
        (file) => sets.get(file)!.filter((set) => runs.includes(set)).length > 1,
      );
      expect(twice, `files run twice on ${platform}`).toEqual([]);
    }
    // A file in no set that runs anywhere would be in a set only in name.
    const osOf = (set: TestSetName) =>
      (['linux', 'win32', 'darwin'] as const).filter((p) => setsFor(p).includes(set));
    for (const file of files) expect(sets.get(file)!.flatMap(osOf), file).not.toEqual([]);
  }, 60_000);

  it('keep what runs ffmpeg, ffprobe or rclone out of the portable set', async () => {
    const sets = await vitestSets();
    const portable = [...sets].filter(([, names]) => names.includes('portable'));
    // The helpers that run the tools, and the tool check on this machine's PATH.
    const usesTools = /\b(makeFlv|probe|rcloneLocalConfig)\(|checkTools\(\{|checkTools\(tools\)/;
    const found = [];
    for (const [file] of portable)
      if (usesTools.test(await readFile(join(PROJECT_ROOT, file), 'utf8'))) found.push(file);
    expect(found).toEqual([]);
    expect(portable.length).toBeGreaterThan(200);
  }, 60_000);

  it('name only files that exist (a renamed test would leave its set)', () => {
    const listed = TEST_SETS.filter((set) => set.name !== 'portable').flatMap((s) => s.include);
    expect(listed.filter((file) => !existsSync(join(PROJECT_ROOT, file)))).toEqual([]);
    expect(TEST_SETS.map((set) => set.name)).toEqual([...TEST_SET_NAMES]);
  });

  it("give each OS the portable set, the actions' tools set and its own", () => {
    expect(setsFor('linux')).toEqual(['portable', 'actions-tools', 'linux-desktop', 'os-linux']);
    expect(setsFor('win32')).toEqual(['portable', 'actions-tools', 'os-windows']);
    expect(setsFor('darwin')).toEqual(['portable', 'actions-tools', 'os-macos']);
    expect(setsFor('freebsd')).toEqual(['portable']);
    expect(osSetsFor('win32')).toEqual(['os-windows']);
    expect(osSetsFor('freebsd')).toEqual([]);
  });
});
