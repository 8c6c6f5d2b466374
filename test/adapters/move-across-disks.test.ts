import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveWithoutReplacing } from '../../main/adapters/move-without-replacing';

// Linux only (the os-linux set): /dev/shm is a tmpfs of its own, so a rename from the temp folder
// to it fails with EXDEV, as a move from a recording disk to a NAS mount does.
const OTHER_DISK = '/dev/shm';

const temps: string[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function twoDisks(): Promise<{ here: string; there: string }> {
  const here = await mkdtemp(path.join(tmpdir(), 'move-here-'));
  const there = await mkdtemp(path.join(OTHER_DISK, 'move-there-'));
  temps.push(here, there);
  // The premise of every case: the two folders are on different file systems.
  expect((await stat(here)).dev).not.toBe((await stat(there)).dev);
  await writeFile(path.join(here, 'a.flv'), 'the recording');
  return { here, there };
}

describe('moveWithoutReplacing across disks', () => {
  it('copies, renames the copy into place and removes the original, leaving no .part', async () => {
    const { here, there } = await twoDisks();
    const to = path.join(there, '7-主播', 'a.flv');
    expect(await moveWithoutReplacing(path.join(here, 'a.flv'), to)).toBe('moved');
    expect(await readFile(to, 'utf8')).toBe('the recording');
    expect(existsSync(path.join(here, 'a.flv'))).toBe(false);
    expect(await readdir(path.dirname(to))).toEqual(['a.flv']);
  });

  it('never writes through a .part link left at the target, and replaces nothing', async () => {
    const { here, there } = await twoDisks();
    const elsewhere = path.join(here, 'elsewhere.txt');
    await writeFile(elsewhere, 'not to be written');
    const to = path.join(there, 'a.flv');
    await symlink(elsewhere, `${to}.part`);
    expect(await moveWithoutReplacing(path.join(here, 'a.flv'), to)).toBe('moved');
    expect(await readFile(elsewhere, 'utf8')).toBe('not to be written');
    expect(await readFile(to, 'utf8')).toBe('the recording');
    expect(await readdir(there)).toEqual(['a.flv']);

    await writeFile(path.join(here, 'b.flv'), 'a second one');
    expect(await moveWithoutReplacing(path.join(here, 'b.flv'), to)).toBe('exists');
    expect(await readFile(to, 'utf8')).toBe('the recording');
  });

  it('moved from a symlink, removes the link and never the file it points to', async () => {
    const { here, there } = await twoDisks();
    const link = path.join(here, 'link.flv');
    await symlink(path.join(here, 'a.flv'), link);
    expect(await moveWithoutReplacing(link, path.join(there, 'a.flv'))).toBe('moved');
    expect(existsSync(link)).toBe(false);
    expect(await readFile(path.join(here, 'a.flv'), 'utf8')).toBe('the recording');
    expect(await readFile(path.join(there, 'a.flv'), 'utf8')).toBe('the recording');
  });
});
