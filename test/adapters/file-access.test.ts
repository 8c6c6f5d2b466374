import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkLocalRecordingPath,
  checkRecordingFile,
  localRecordingRoot,
  probeRecordingFile,
} from '../../main/adapters/file-access';

// Layout (real files and symlinks in a temp dir):
//   base/outside/secret.flv, base/outside/dir/
//   base/rec/23058-room/a.flv, run.exe, folder.flv/ (a directory)
//   base/rec/escape.flv        -> base/outside/secret.flv
//   base/rec/escape-dir        -> base/outside/dir
//   base/rec/inside-link.flv   -> base/rec/23058-room/a.flv
//   base/rec/dangling.flv      -> base/rec/gone.flv
//   base/rec/loop.flv          -> base/rec/loop.flv
//   base/rec-link              -> base/rec (a root that is itself a symlink)
let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'file-access-'));
  root = path.join(base, 'rec');
  const room = path.join(root, '23058-room');
  await mkdir(path.join(base, 'outside', 'dir'), { recursive: true });
  await mkdir(path.join(room, 'folder.flv'), { recursive: true });
  await writeFile(path.join(base, 'outside', 'secret.flv'), 'secret');
  await writeFile(path.join(room, 'a.flv'), 'flv');
  await writeFile(path.join(room, 'run.exe'), 'MZ');
  await symlink(path.join(base, 'outside', 'secret.flv'), path.join(root, 'escape.flv'));
  await symlink(path.join(base, 'outside', 'dir'), path.join(root, 'escape-dir'));
  await symlink(path.join(room, 'a.flv'), path.join(root, 'inside-link.flv'));
  await symlink(path.join(root, 'gone.flv'), path.join(root, 'dangling.flv'));
  await symlink(path.join(root, 'loop.flv'), path.join(root, 'loop.flv'));
  await symlink(root, path.join(base, 'rec-link'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('probeRecordingFile', () => {
  test.each([
    ['23058-room/a.flv', 'exists'],
    ['inside-link.flv', 'exists'],
    ['escape.flv', 'outside-root'],
    ['escape-dir/new.flv', 'outside-root'],
    ['escape-dir/sub/new.flv', 'outside-root'],
    ['23058-room/not-yet.flv', 'missing'],
    ['no-such-room/not-yet.flv', 'missing'],
    ['dangling.flv', 'missing'],
    ['23058-room/folder.flv', 'missing'],
    ['loop.flv', 'outside-root'],
  ] as const)('%s → %s', async (relative, access) => {
    expect(await probeRecordingFile(path.join(root, relative), root)).toBe(access);
  });

  test('a root that is itself a symlink still contains its files', async () => {
    const linkedRoot = path.join(base, 'rec-link');
    expect(await probeRecordingFile(path.join(linkedRoot, '23058-room', 'a.flv'), linkedRoot)).toBe(
      'exists',
    );
    expect(await probeRecordingFile(path.join(linkedRoot, 'escape.flv'), linkedRoot)).toBe(
      'outside-root',
    );
  });

  test('a root that does not exist makes every file missing', async () => {
    const gone = path.join(base, 'unmounted');
    expect(await probeRecordingFile(path.join(gone, 'a.flv'), gone)).toBe('missing');
  });
});

describe('checkRecordingFile', () => {
  const options = (openFileOnClick: boolean) => ({
    recordingRoot: root,
    pathMappings: [],
    openFileOnClick,
    style: 'posix' as const,
  });

  test('opens an existing recording when the setting says so', async () => {
    const check = await checkRecordingFile('23058-room/a.flv', options(true));
    expect(check.action).toEqual({
      kind: 'openFile',
      path: path.join(root, '23058-room', 'a.flv'),
    });
    expect(check.access).toBe('exists');
    expect(check.warning).toBeUndefined();
  });

  test('shows an existing recording when the setting says show', async () => {
    const check = await checkRecordingFile('23058-room/a.flv', options(false));
    expect(check.action).toEqual({
      kind: 'showFile',
      path: path.join(root, '23058-room', 'a.flv'),
    });
  });

  test('an existing .exe is only shown, never opened', async () => {
    const check = await checkRecordingFile('23058-room/run.exe', options(true));
    expect(check.action).toEqual({
      kind: 'showFile',
      path: path.join(root, '23058-room', 'run.exe'),
    });
  });

  test('a missing file is shown in its folder without a warning', async () => {
    const check = await checkRecordingFile('23058-room/later.flv', options(true));
    expect(check).toMatchObject({
      action: { kind: 'showFile' },
      access: 'missing',
      warning: undefined,
    });
  });

  test('a symlink out of the root gets no action and a warning', async () => {
    const check = await checkRecordingFile('escape.flv', options(true));
    expect(check.action).toBeUndefined();
    expect(check.access).toBe('outside-root');
    expect(check.warning).toMatch(/outside the recording root/);
  });

  test('a refused path gets no action and a warning that escapes control characters', async () => {
    const check = await checkRecordingFile('../x\u0000.flv', options(true));
    expect(check.action).toBeUndefined();
    expect(check.warning).toContain('\\u0000');
    // eslint-disable-next-line no-control-regex
    expect(check.warning).not.toMatch(/[\u0000-\u001f]/);
  });

  test('no recording root: no action and no warning (a missing setting is not an attack)', async () => {
    const check = await checkRecordingFile('23058-room/a.flv', {
      ...options(true),
      recordingRoot: '',
    });
    expect(check).toMatchObject({
      action: undefined,
      warning: undefined,
      resolved: { ok: false, reason: 'no-root' },
    });
  });

  test('a path mapping from the recorder root to the local root is applied before the checks', async () => {
    const check = await checkRecordingFile('23058-room/a.flv', {
      ...options(true),
      recordingRoot: '/recorder/work',
      pathMappings: [{ from: '/recorder/work', to: root }],
    });
    expect(check.action).toEqual({
      kind: 'openFile',
      path: path.join(root, '23058-room', 'a.flv'),
    });
  });
});

describe('checkLocalRecordingPath (click-time re-check)', () => {
  test('shows or opens a recording inside the root, refuses what lies outside or is not media', async () => {
    const join = path.join;
    const root = await mkdtemp(join(tmpdir(), 'click-root-'));
    const outside = await mkdtemp(join(tmpdir(), 'click-outside-'));
    await mkdir(join(root, 'room'));
    await writeFile(join(root, 'room', 'a.flv'), 'x');
    await writeFile(join(root, 'room', 'run.sh'), 'x');
    await writeFile(join(outside, 'b.flv'), 'x');
    await symlink(join(outside, 'b.flv'), join(root, 'room', 'link.flv'));
    const options = { recordingRoot: root, pathMappings: [] };
    expect(localRecordingRoot(options)).toBe(root);
    expect(await checkLocalRecordingPath(join(root, 'room', 'a.flv'), 'open', options)).toBe(
      join(root, 'room', 'a.flv'),
    );
    expect(await checkLocalRecordingPath(join(root, 'room', 'run.sh'), 'open', options)).toBeNull();
    expect(await checkLocalRecordingPath(join(root, 'room', 'run.sh'), 'show', options)).toBe(
      join(root, 'room', 'run.sh'),
    );
    expect(
      await checkLocalRecordingPath(join(root, 'room', 'gone.flv'), 'open', options),
    ).toBeNull();
    expect(await checkLocalRecordingPath(join(root, 'room', 'gone.flv'), 'show', options)).toBe(
      join(root, 'room', 'gone.flv'),
    );
    expect(
      await checkLocalRecordingPath(join(root, 'room', 'link.flv'), 'show', options),
    ).toBeNull();
    expect(await checkLocalRecordingPath(join(outside, 'b.flv'), 'show', options)).toBeNull();
    expect(
      await checkLocalRecordingPath(join(root, 'room', 'a.flv'), 'open', {
        recordingRoot: '',
        pathMappings: [],
      }),
    ).toBeNull();
  });
});
