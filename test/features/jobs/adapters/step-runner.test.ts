import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { placeholderValues, type JobFacts } from '../../../../main/features/jobs/core/placeholders';
import { planStep } from '../../../../main/features/jobs/core/step-plan';
import { isAlive } from '../../../../main/features/jobs/adapters/process-tree';
import { runStepPlan, type StepRun } from '../../../../main/features/jobs/adapters/step-runner';
import type { ActionStep } from '../../../../shared/actions';
import { argvRecorder, makeFlv, probe, rcloneLocalConfig } from '../../../helpers/media-tools';

const hostile = '"; rm -rf ~; $(touch /tmp/pwned) `id` --help';
const facts: JobFacts = {
  recorderId: 'default',
  roomId: 23058,
  streamer: '主播',
  title: hostile,
  area: '',
  sessionId: 's',
  endedAt: Date.UTC(2024, 2, 17),
};

function harness(roots: string[] = [], env?: NodeJS.ProcessEnv) {
  const progress: number[] = [];
  const lines: string[] = [];
  const pids: number[] = [];
  const controller = new AbortController();
  const run: StepRun = {
    tools: {},
    moveRoots: roots,
    durationSeconds: null,
    signal: controller.signal,
    onProgress: (f) => progress.push(f),
    onLines: (l) => lines.push(...l),
    onStart: (pid) => pids.push(pid),
    ...(env ? { env } : {}),
  };
  const step = (s: ActionStep, path: string, output = path) =>
    runStepPlan(planStep(s, placeholderValues(facts, { path, output }, 'posix'), 'posix'), run);
  return { step, progress, lines, pids, controller };
}

describe('steps with the real tools', () => {
  it('remux: a real FLV becomes an MP4 ffprobe reads, progress from -progress, no half file left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'remux-'));
    const flv = join(dir, '录制-23058.flv');
    await makeFlv(flv);
    const h = harness();
    const end = await h.step({ kind: 'remux', format: 'mp4', deleteSource: false }, flv);
    const mp4 = join(dir, '录制-23058.mp4');
    expect(end).toEqual({ ok: true, carry: mp4, produced: mp4 });
    expect(await probe(mp4)).toMatchObject({
      format: expect.stringContaining('mp4'),
      codecs: ['h264', 'aac'],
    });
    expect(h.progress.at(-1)).toBe(1);
    expect(h.progress.every((f) => f > 0 && f <= 1)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(['录制-23058.flv', '录制-23058.mp4']);
  });

  it('remux of a broken FLV fails with ffmpeg words and leaves neither a half nor a final MP4', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'remux-bad-'));
    const flv = join(dir, 'bad.flv');
    await writeFile(flv, 'not a video');
    const end = await harness().step({ kind: 'remux', format: 'mp4', deleteSource: true }, flv);
    expect(end).toMatchObject({ ok: false, retry: true });
    if (end.ok) throw new Error('failed');
    expect(end.error).toMatch(/Invalid data|could not find|bad\.flv/i);
    expect(await readdir(dir)).toEqual(['bad.flv']);
  });

  it('upload: rclone copies the file to a local remote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upload-'));
    const file = join(dir, 'a.mp4');
    await writeFile(file, 'video');
    const config = await rcloneLocalConfig(dir);
    const h = harness([], { ...process.env, RCLONE_CONFIG: config });
    const end = await h.step({ kind: 'upload', remote: `box:${dir}/remote/{roomId}` }, file);
    expect(end).toEqual({ ok: true, carry: file, produced: null });
    expect(await readFile(join(dir, 'remote', '23058', 'a.mp4'), 'utf8')).toBe('video');
  });

  it('run: the program gets each placeholder as one argument, a hostile title as text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-'));
    const log = join(dir, 'argv.log');
    const script = await argvRecorder(dir, log);
    const end = await harness().step(
      {
        kind: 'run',
        program: process.execPath,
        args: [script, '{title}', '--file={path}', '{streamer}'],
      },
      join(dir, 'x y.flv'),
    );
    expect(end).toMatchObject({ ok: true });
    const [line] = (await readFile(log, 'utf8')).trim().split('\n');
    expect(JSON.parse(line!).argv).toEqual([hostile, `--file=${join(dir, 'x y.flv')}`, '主播']);
  });

  it('run: a missing program and a failing one fail with their words', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-fail-'));
    const missing = await harness().step(
      { kind: 'run', program: join(dir, 'nope'), args: [] },
      '/x.flv',
    );
    expect(missing).toEqual({
      ok: false,
      error: `program not found: ${join(dir, 'nope')}`,
      retry: false,
    });
    const script = await argvRecorder(dir, join(dir, 'log'), {
      exitCode: 3,
      stderr: 'disk is on fire\n',
    });
    const failed = await harness().step(
      { kind: 'run', program: process.execPath, args: [script] },
      '/x.flv',
    );
    expect(failed).toEqual({ ok: false, error: 'disk is on fire\n(exit code 3)', retry: true });
  });

  it('run: a timeout kills the whole process tree', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-tree-'));
    const pidFile = join(dir, 'grandchild.pid');
    const script = join(dir, 'tree.mjs');
    await writeFile(
      script,
      `import { spawn } from 'node:child_process'; import { writeFileSync } from 'node:fs';
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
setInterval(() => {}, 1000);`,
    );
    const h = harness();
    // 5 s, not 1: on a loaded machine two Node starts can take longer than a second, and the
    // timeout must come after the grandchild exists for the test to check the tree.
    const end = await h.step(
      { kind: 'run', program: process.execPath, args: [script], timeoutSeconds: 5 },
      '/x.flv',
    );
    expect(end).toMatchObject({ ok: false, error: `${process.execPath}: timed out after 5 s` });
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false), { timeout: 5000 });
    expect(isAlive(h.pids[0]!)).toBe(false);
  });

  it('run: cancel kills the program', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-cancel-'));
    const script = await argvRecorder(dir, join(dir, 'log'), { waitFor: join(dir, 'never') });
    const h = harness();
    const ending = h.step({ kind: 'run', program: process.execPath, args: [script] }, '/x.flv');
    await vi.waitFor(() => expect(h.pids).toHaveLength(1));
    h.controller.abort();
    expect(await ending).toMatchObject({
      ok: false,
      error: `${process.execPath}: cancelled`,
      retry: false,
    });
  });

  it('danmaku: a missing XML fails the step without a try more', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'danmaku-'));
    const end = await harness().step(
      { kind: 'danmaku', program: process.execPath },
      join(dir, 'x.flv'),
    );
    expect(end).toEqual({ ok: false, error: `${join(dir, 'x.xml')} does not exist`, retry: false });
  });

  it('move: within a named root only, never over a file, never through a link out of the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'move-root-'));
    const outside = await mkdtemp(join(tmpdir(), 'move-out-'));
    const file = join(root, 'a.mp4');
    await writeFile(file, 'v');
    const h = harness([root]);
    expect(await h.step({ kind: 'move', to: `${outside}/{name}` }, file)).toMatchObject({
      ok: false,
      retry: false,
    });
    expect(await h.step({ kind: 'move', to: `${root}/../{name}` }, file)).toMatchObject({
      ok: false,
    });
    await symlink(outside, join(root, 'link'));
    expect(await h.step({ kind: 'move', to: `${root}/link/{name}` }, file)).toMatchObject({
      ok: false,
    });
    const to = join(root, 'archive', '_; rm -rf ~; $(touch _tmp_pwned) `id` --help', 'a.mp4');
    expect(await h.step({ kind: 'move', to: `${root}/archive/{title}/{name}` }, file)).toEqual({
      ok: true,
      carry: to,
      produced: to,
    });
    expect(await readFile(to, 'utf8')).toBe('v');
    await mkdir(join(root, 'b'));
    await writeFile(join(root, 'b', 'a.mp4'), 'other');
    expect(await h.step({ kind: 'move', to: `${root}/b/a.mp4` }, to)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/exists already/),
    });
    expect(await readdir(outside)).toEqual([]);
  });
});
