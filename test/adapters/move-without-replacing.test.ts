import { existsSync } from 'node:fs';
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveWithoutReplacing } from '../../main/adapters/move-without-replacing';

const temps: string[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'move-'));
  temps.push(dir);
  await writeFile(path.join(dir, 'a.flv'), 'the recording');
  return dir;
}

describe('moveWithoutReplacing on one disk', () => {
  it('moves the file, making the folders on the way', async () => {
    const dir = await folder();
    const to = path.join(dir, 'archive', '2026', 'a.flv');
    expect(await moveWithoutReplacing(path.join(dir, 'a.flv'), to)).toBe('moved');
    expect(await readFile(to, 'utf8')).toBe('the recording');
    expect(existsSync(path.join(dir, 'a.flv'))).toBe(false);
  });

  it('leaves both files as they are when one is at the target', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, 'b.flv'), 'another recording');
    expect(await moveWithoutReplacing(path.join(dir, 'a.flv'), path.join(dir, 'b.flv'))).toBe(
      'exists',
    );
    expect(await readFile(path.join(dir, 'a.flv'), 'utf8')).toBe('the recording');
    expect(await readFile(path.join(dir, 'b.flv'), 'utf8')).toBe('another recording');
  });

  it('counts a dangling symlink at the target as taken, and keeps it', async () => {
    const dir = await folder();
    const link = path.join(dir, 'b.flv');
    await symlink(path.join(dir, 'gone.flv'), link);
    expect(await moveWithoutReplacing(path.join(dir, 'a.flv'), link)).toBe('exists');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(path.join(dir, 'gone.flv'));
    expect(await readFile(path.join(dir, 'a.flv'), 'utf8')).toBe('the recording');
  });

  it('throws for a source that is not there, and puts nothing at the target', async () => {
    const dir = await folder();
    const to = path.join(dir, 'out', 'x.flv');
    await mkdir(path.dirname(to));
    await expect(moveWithoutReplacing(path.join(dir, 'none.flv'), to)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(existsSync(to)).toBe(false);
  });
});
