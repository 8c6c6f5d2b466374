import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { JsonLinesFile, startOfLastLines } from '../../main/adapters/json-lines-file';

let dir: string;
let file: string;
let warnings: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'json-lines-'));
  file = path.join(dir, 'list.jsonl');
  warnings = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = (): JsonLinesFile =>
  new JsonLinesFile(file, { label: 'list', onWarning: (message) => warnings.push(message) });
const read = async () => (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');

describe('startOfLastLines', () => {
  const text = Buffer.from('a\nbb\n露露\n');
  test.each([
    [0, text.length],
    [1, Buffer.byteLength('a\nbb\n')],
    [2, 2],
    [3, 0],
    [9, 0],
  ])('the last %i line(s) start at byte %i', (count, offset) => {
    expect(startOfLastLines(text, count)).toBe(offset);
  });

  test('an empty file, and a file of one empty line', () => {
    expect(startOfLastLines(Buffer.alloc(0), 2)).toBe(0);
    expect(startOfLastLines(Buffer.from('\n'), 1)).toBe(0);
  });
});

describe('JsonLinesFile', () => {
  test('appends made together go out together, in order, once flushed', async () => {
    const list = lines();
    for (let i = 0; i < 100; i += 1) list.appendLine(JSON.stringify({ i }));
    list.appendLine('{"raw":true}');
    await list.flush();
    expect((await read()).map((line) => JSON.parse(line))).toEqual([
      ...Array.from({ length: 100 }, (_, i) => ({ i })),
      { raw: true },
    ]);
    expect(list.lines).toBe(101);
    await list.close();
  });

  test('keepLast keeps the newest lines, counting appends made before it runs', async () => {
    await writeFile(file, '{"old":1}\n{"old":2}\n');
    const list = lines();
    await list.load(() => true);
    list.appendLine(JSON.stringify({ new: 3 }));
    list.appendLine(JSON.stringify({ new: 4 }));
    list.keepLast(3);
    list.appendLine(JSON.stringify({ new: 5 }));
    await list.close();
    // All three appends reach the file before the compaction reads it: the newest 3 are kept.
    expect(await read()).toEqual(['{"new":3}', '{"new":4}', '{"new":5}']);
    expect(warnings).toEqual([]);
  });

  test('keepLast of a file not written yet leaves an empty file, not an error', async () => {
    const list = lines();
    list.keepLast(5);
    await list.close();
    expect(await readFile(file, 'utf8')).toBe('');
    expect(warnings).toEqual([]);
  });

  test('a rewrite drops the appends still waiting (the values hold them already)', async () => {
    const list = lines();
    list.appendLine(JSON.stringify({ a: 1 }));
    list.rewrite([{ a: 1 }, { b: 2 }]);
    list.appendLine(JSON.stringify({ c: 3 }));
    await list.close();
    expect(await read()).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });
});

// What a popup waits on (durablePopups): whatever the run does, the line is already in the file at
// that moment, read synchronously from inside the run, with no turn of the event loop between.
describe('JsonLinesFile.writeThen', () => {
  const onDisk = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '');

  test('runs right after the append that holds every line before it, in order', async () => {
    const list = lines();
    const seen: string[][] = [];
    list.appendLine('{"n":1}');
    list.writeThen(() => seen.push(onDisk()));
    list.appendLine('{"n":2}');
    list.writeThen(() => seen.push(onDisk()));
    list.writeThen(() => seen.push(onDisk())); // nothing new: after the write before it
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    // The first write took what was appended by the time it ran: at least its own line.
    expect(seen[0]).toContain('{"n":1}');
    expect(seen[1]).toEqual(['{"n":1}', '{"n":2}']);
    expect(seen[2]).toEqual(['{"n":1}', '{"n":2}']);
    await list.close();
  });

  test('runs right after the rename of a rewrite that took its line', async () => {
    const list = lines();
    list.appendLine('{"old":1}');
    await list.flush();
    const seen: string[][] = [];
    list.appendLine('{"new":1}');
    list.writeThen(() => seen.push(onDisk()));
    // The rewrite takes the waiting line (its values hold it): the run waits for the rename.
    list.rewrite([{ new: 1 }]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(['{"new":1}']);
    await list.close();
  });

  test('one run that throws is logged and costs the others nothing', async () => {
    const list = lines();
    const ran: number[] = [];
    list.appendLine('{"n":1}');
    list.writeThen(() => {
      throw new Error('popup failed');
    });
    list.writeThen(() => ran.push(2));
    await vi.waitFor(() => expect(ran).toEqual([2]));
    expect(warnings).toEqual([expect.stringContaining('popup failed')]);
    await list.close();
  });
});
