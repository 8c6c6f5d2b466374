import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  checkTools,
  findProgram,
  findTool,
} from '../../../../main/features/jobs/adapters/find-program';
import { isAlive, stopLeftover } from '../../../../main/features/jobs/adapters/process-tree';

describe('findProgram and checkTools', () => {
  it('looks a bare name up on PATH, a path as given; Windows adds .exe', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    await mkdir(join(dir, 'bin'));
    await writeFile(join(dir, 'bin', 'tool'), '#!/bin/sh\n');
    await chmod(join(dir, 'bin', 'tool'), 0o755);
    await writeFile(join(dir, 'bin', 'plain'), 'not executable');
    await writeFile(join(dir, 'bin', 'DanmakuFactory.exe'), '');
    const env = { PATH: ['/nonexistent', join(dir, 'bin')].join(delimiter) };
    expect(await findProgram('tool', { env, platform: 'linux' })).toBe(join(dir, 'bin', 'tool'));
    expect(await findProgram('plain', { env, platform: 'linux' })).toBeNull();
    expect(await findProgram(join(dir, 'bin', 'tool'), { env: {}, platform: 'linux' })).toBe(
      join(dir, 'bin', 'tool'),
    );
    expect(await findProgram('nope', { env, platform: 'linux' })).toBeNull();
    // Windows: a program without an extension is looked for as .exe (a .bat would need a shell).
    const win = { env: {}, platform: 'win32' as const };
    expect(
      await findTool('danmakuFactory', { danmakuFactory: join(dir, 'bin', 'DanmakuFactory') }, win),
    ).toBe(join(dir, 'bin', 'DanmakuFactory.exe'));
  });

  it('finds the installed ffmpeg, ffprobe and rclone with their version lines', async () => {
    const checks = await checkTools({ danmakuFactory: '/nonexistent/DanmakuFactory' });
    expect(checks.map((c) => [c.tool, c.found])).toEqual([
      ['ffmpeg', true],
      ['ffprobe', true],
      ['rclone', true],
      ['danmakuFactory', false],
    ]);
    expect(checks[0]!.version).toMatch(/^ffmpeg version/);
    expect(checks[2]!.version).toMatch(/^rclone v/);
    expect(checks[3]!.message).toBe('not found at /nonexistent/DanmakuFactory');
  });
});

describe('stopLeftover', () => {
  it('stops a step process left running, and leaves a pid that another program now has', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: 'ignore',
    });
    const pid = child.pid!;
    expect(await stopLeftover({ pid, startedAt: Date.now() - 60 * 60_000 })).toBe('other');
    expect(isAlive(pid)).toBe(true);
    expect(await stopLeftover({ pid, startedAt: Date.now() })).toBe('stopped');
    await vi.waitFor(() => expect(child.exitCode !== null || child.signalCode !== null).toBe(true));
    expect(await stopLeftover({ pid: 2 ** 22 + 17, startedAt: 0 })).toBe('gone');
  });
});
