import { describe, expect, it } from 'vitest';
import { programLaunch } from '../../../../main/features/jobs/core/program-launch';
import {
  batchCommandLine,
  CMD_SWITCHES,
} from '../../../../main/features/jobs/core/windows-command-line';

const WINDOWS = {
  platform: 'win32',
  env: { ComSpec: 'C:\\WINDOWS\\system32\\cmd.exe', SystemRoot: 'C:\\WINDOWS' },
};
const TITLE = 'a" & echo pwned > %TEMP%\\pwned.txt & "^!x%PATH%(y)|z<>';

describe('programLaunch', () => {
  it('on Windows a .bat or .cmd (any case) starts through ComSpec with a line made for it, verbatim', () => {
    for (const script of ['C:\\录播\\after record.bat', 'D:\\x\\Hook.CMD']) {
      const line = batchCommandLine(script, [TITLE, 'x']);
      if (!line.ok) throw new Error(line.error);
      expect(programLaunch(script, [TITLE, 'x'], WINDOWS)).toEqual({
        ok: true,
        launch: {
          file: 'C:\\WINDOWS\\system32\\cmd.exe',
          args: [...CMD_SWITCHES, `"${line.line}"`],
          verbatim: true,
        },
      });
    }
  });

  it('finds cmd.exe in SystemRoot (names in any case), else by its bare name', () => {
    const launch = (env: Record<string, string>) =>
      programLaunch('C:\\a.bat', [], { platform: 'win32', env });
    expect(launch({ SYSTEMROOT: 'C:\\Windows\\' })).toMatchObject({
      launch: { file: 'C:\\Windows\\System32\\cmd.exe' },
    });
    expect(launch({ comspec: '', windir: 'D:\\Win' })).toMatchObject({
      launch: { file: 'D:\\Win\\System32\\cmd.exe' },
    });
    expect(launch({})).toMatchObject({ launch: { file: 'cmd.exe' } });
  });

  it('on Windows a .ps1 runs under Windows PowerShell -File, each argument passed as one', () => {
    expect(programLaunch('C:\\录播\\hook.PS1', [TITLE, ''], WINDOWS)).toEqual({
      ok: true,
      launch: {
        file: 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        args: [
          '-NoLogo',
          '-NoProfile',
          '-NonInteractive',
          '-ExecutionPolicy',
          'Bypass',
          '-File',
          'C:\\录播\\hook.PS1',
          TITLE,
          '',
        ],
        verbatim: false,
      },
    });
    expect(programLaunch('hook.ps1', [], { platform: 'win32', env: {} })).toMatchObject({
      launch: { file: 'powershell.exe' },
    });
  });

  it('anything else, and every script elsewhere than Windows, starts as it is', () => {
    const plain = (program: string, platform: string) =>
      programLaunch(program, [TITLE], { platform, env: {} });
    for (const [program, platform] of [
      ['C:\\ffmpeg\\ffmpeg.exe', 'win32'],
      ['C:\\x\\run.bat.exe', 'win32'],
      ['/home/me/hook.bat', 'linux'],
      ['/Users/me/hook.ps1', 'darwin'],
    ] as const)
      expect(plain(program, platform)).toEqual({
        ok: true,
        launch: { file: program, args: [TITLE], verbatim: false },
      });
  });

  it('a batch file given an argument cmd.exe would cut short does not start, and says why', () => {
    expect(programLaunch('C:\\a.bat', ['two\nlines'], WINDOWS)).toEqual({
      ok: false,
      error: 'a batch file cannot be given an argument with a line break: "two\\nlines"',
    });
  });
});
