import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listRecordings } from '../../../../main/features/clean-up/adapters/recording-files';
import {
  removeRecording,
  type RemovalOrder,
} from '../../../../main/features/clean-up/adapters/remove-recording';

const temps: string[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tree(): Promise<{ root: string; outside: string; top: string }> {
  const top = await mkdtemp(path.join(tmpdir(), 'clean-up-'));
  temps.push(top);
  const root = path.join(top, 'rec');
  const outside = path.join(top, 'outside');
  await mkdir(path.join(root, '1-a'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(root, '1-a', '录制-1-a.flv'), 'flv');
  await writeFile(path.join(root, '1-a', '录制-1-a.xml'), 'xml');
  await writeFile(path.join(root, '1-a', 'notes.txt'), 'txt');
  await writeFile(path.join(outside, 'secret.flv'), 'secret');
  await symlink(path.join(outside, 'secret.flv'), path.join(root, '1-a', 'link.flv'));
  await symlink(outside, path.join(root, 'linked-dir'));
  return { root, outside, top };
}

async function orderFor(
  root: string,
  relativePath: string,
  more: Partial<RemovalOrder> = {},
): Promise<RemovalOrder> {
  const file = path.join(root, ...relativePath.split('/'));
  const info = await stat(file);
  return {
    path: file,
    relativePath,
    root,
    then: 'delete',
    bytes: info.size,
    modifiedAt: info.mtimeMs,
    ...more,
  };
}

describe('listRecordings', () => {
  it('lists media and danmaku files with size and time, and follows no symlink', async () => {
    const { root } = await tree();
    const old = new Date('2026-01-02T03:04:05Z');
    await utimes(path.join(root, '1-a', '录制-1-a.flv'), old, old);
    const listed = await listRecordings(root);
    expect(listed.problems).toEqual([]);
    expect(listed.files.map((f) => f.relativePath).sort()).toEqual([
      '1-a/录制-1-a.flv',
      '1-a/录制-1-a.xml',
    ]);
    const flv = listed.files.find((f) => f.relativePath.endsWith('.flv'))!;
    expect(flv).toMatchObject({ bytes: 3, modifiedAt: old.getTime() });
  });

  it('names a root it cannot read', async () => {
    const listed = await listRecordings(path.join(tmpdir(), 'no-such-root-for-clean-up'));
    expect(listed.files).toEqual([]);
    expect(listed.problems[0]).toContain('no-such-root-for-clean-up');
  });
});

describe('removeRecording', () => {
  it('deletes a file that is still the one planned', async () => {
    const { root } = await tree();
    const outcome = await removeRecording(await orderFor(root, '1-a/录制-1-a.flv'), undefined);
    expect(outcome).toEqual({ ok: true });
    expect(existsSync(path.join(root, '1-a', '录制-1-a.flv'))).toBe(false);
  });

  it('moves below moveTo keeping the path, and never over a file there', async () => {
    const { root, top } = await tree();
    const moveTo = path.join(top, 'archive');
    const first = await removeRecording(
      await orderFor(root, '1-a/录制-1-a.flv', { then: 'move', moveTo }),
      undefined,
    );
    expect(first).toEqual({ ok: true, movedTo: path.join(moveTo, '1-a', '录制-1-a.flv') });
    await writeFile(path.join(moveTo, '1-a', '录制-1-a.xml'), 'there');
    const second = await removeRecording(
      await orderFor(root, '1-a/录制-1-a.xml', { then: 'move', moveTo }),
      undefined,
    );
    expect(second.ok).toBe(false);
    expect(existsSync(path.join(root, '1-a', '录制-1-a.xml'))).toBe(true);
  });

  it('puts a file into the host’s trash, and refuses trash without one', async () => {
    const { root } = await tree();
    const trashed: string[] = [];
    const order = await orderFor(root, '1-a/录制-1-a.flv', { then: 'trash' });
    expect(await removeRecording(order, undefined)).toEqual({
      ok: false,
      error: 'no trash here (the desktop app has one)',
    });
    expect(await removeRecording(order, async (file) => void trashed.push(file))).toEqual({
      ok: true,
    });
    expect(trashed).toEqual([await realpath(order.path)]);
  });

  it('leaves a file that changed since it was planned, and a symlink out of the root', async () => {
    const { root, outside } = await tree();
    const order = await orderFor(root, '1-a/录制-1-a.flv');
    await writeFile(order.path, 'grown since');
    expect((await removeRecording(order, undefined)).ok).toBe(false);
    const link = {
      ...order,
      path: path.join(root, '1-a', 'link.flv'),
      relativePath: '1-a/link.flv',
    };
    expect((await removeRecording(link, undefined)).ok).toBe(false);
    const through = path.join(root, 'linked-dir', 'secret.flv');
    const info = await stat(through);
    const viaDir = { ...order, path: through, bytes: info.size, modifiedAt: info.mtimeMs };
    expect(await removeRecording(viaDir, undefined)).toEqual({
      ok: false,
      error: 'outside the recording root',
    });
    expect(existsSync(path.join(outside, 'secret.flv'))).toBe(true);
  });
});
