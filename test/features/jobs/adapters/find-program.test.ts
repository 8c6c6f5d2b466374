import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findTool, programFileNames } from '../../../../main/features/jobs/adapters/find-program';
import { isAlive, stopLeftover } from '../../../../main/features/jobs/adapters/process-tree';

// The rules of each OS as data (any machine); the lookups on disk with the OS's own delimiter and
// executable rule are find-program-posix.test.ts and find-program-windows.test.ts, each in its
// OS's set; finding the installed ffmpeg, ffprobe and rclone is find-program-tools.test.ts.

describe('programFileNames', () => {
  it('takes a name as given on POSIX', () => {
    expect(programFileNames('ffmpeg', { env: {}, platform: 'linux' })).toEqual(['ffmpeg']);
    expect(programFileNames('upload.sh', { env: {}, platform: 'darwin' })).toEqual(['upload.sh']);
  });

  it("adds Windows' PATHEXT extensions, cmd.exe's list when the variable is unset", () => {
    const win = (env: NodeJS.ProcessEnv) => ({ env, platform: 'win32' as const });
    expect(programFileNames('ffmpeg', win({}))).toEqual([
      'ffmpeg.com',
      'ffmpeg.exe',
      'ffmpeg.bat',
      'ffmpeg.cmd',
    ]);
    // Windows reads variable names without case: `Pathext` is PATHEXT.
    expect(programFileNames('ffmpeg', win({ Pathext: '.EXE;.CMD;;.PY' }))).toEqual([
      'ffmpeg.exe',
      'ffmpeg.cmd',
      'ffmpeg.py',
    ]);
  });

  it('keeps a Windows name that has a runnable extension already, a .ps1 included', () => {
    const win = { env: {}, platform: 'win32' as const };
    expect(programFileNames('upload.CMD', win)).toEqual(['upload.CMD']);
    expect(programFileNames('C:\\scripts\\上传 录像.ps1', win)).toEqual([
      'C:\\scripts\\上传 录像.ps1',
    ]);
    // Not a program's extension: looked for with PATHEXT's added, as cmd.exe does.
    expect(programFileNames('rclone.v1', win)).toContain('rclone.v1.exe');
  });
});

describe('findTool', () => {
  it("looks for a configured path's PATHEXT names on Windows", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    await mkdir(join(dir, 'bin'));
    await writeFile(join(dir, 'bin', 'DanmakuFactory.exe'), '');
    const win = { env: {}, platform: 'win32' as const };
    expect(
      await findTool('danmakuFactory', { danmakuFactory: join(dir, 'bin', 'DanmakuFactory') }, win),
    ).toBe(join(dir, 'bin', 'DanmakuFactory.exe'));
    expect(
      await findTool('danmakuFactory', { danmakuFactory: join(dir, 'bin', 'Danmaku') }, win),
    ).toBeNull();
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
