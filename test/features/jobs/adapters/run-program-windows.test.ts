import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isAlive } from '../../../../main/features/jobs/adapters/process-tree';
import { runProgram } from '../../../../main/features/jobs/adapters/run-program';
import { requirePlatform } from '../../../helpers/require-tool';

// Run on Windows by set os-windows: real cmd.exe, real Windows PowerShell, real files. The
// escaping itself is checked on every OS (test/features/jobs/core/windows-command-line.test.ts).

/** A title that runs something wherever a shell reads it: the output would be pwned.txt. */
const TITLE =
  'a" & echo pwned > pwned.txt & echo pwned > %TEMP%\\pwned.txt & "^!x%PATH%(y)|z<> 标题 😀';

/** A folder whose path has a space and Chinese in it, as users' folders do. */
async function scriptsFolder(): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), 'run-windows-')), '录播 脚本');
  await mkdir(dir);
  return dir;
}

/** The environment with `extra` set, names compared in any case (Windows reads them so). */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const names = Object.keys(extra).map((name) => name.toLowerCase());
  const kept = Object.entries(process.env).filter(([name]) => !names.includes(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...extra };
}

/** Node, as the user's program a script hands its arguments to: it appends them to %REC_LOG%. */
const RECORD_ARGV = `import { appendFileSync } from 'node:fs';
appendFileSync(process.env.REC_LOG, JSON.stringify(process.argv.slice(2)) + '\\n');
`;

/** Batch files are read line by line with CRLF ends. */
const batch = (...lines: string[]) => lines.join('\r\n') + '\r\n';

describe('a run step on Windows starts the user’s own scripts (set os-windows)', () => {
  it('a .bat gets a hostile title as one argument, byte for byte, however it hands it on', async () => {
    requirePlatform(['win32'], 'cmd.exe and batch files');
    const dir = await scriptsFolder();
    const log = join(dir, 'argv.log');
    await writeFile(join(dir, 'record-argv.mjs'), RECORD_ARGV);
    const script = join(dir, 'after record.bat');
    // The three ways batch files hand arguments on (as Rust's windows-bat-args test does).
    await writeFile(
      script,
      batch(
        '@echo off',
        'cd /d "%~dp0"',
        '"%REC_NODE%" record-argv.mjs %*',
        '"%REC_NODE%" record-argv.mjs %1 %2',
        '"%REC_NODE%" record-argv.mjs "%~1" "%~2"',
      ),
    );
    const file = join(dir, '录制 2024.flv');
    const env = envWith({ REC_NODE: process.execPath, REC_LOG: log, TEMP: dir, TMP: dir });
    const end = await runProgram(script, [TITLE, file], { timeoutMs: 60_000, env });
    expect(end).toMatchObject({ ok: true });
    const runs = (await readFile(log, 'utf8')).trim().split('\n');
    expect(runs.map((line) => JSON.parse(line))).toEqual([
      [TITLE, file],
      [TITLE, file],
      [TITLE, file],
    ]);
    expect(await readdir(dir)).not.toContain('pwned.txt');
  });

  it('a .ps1 runs whatever the execution policy, and gets a hostile title as one argument, byte for byte', async () => {
    requirePlatform(['win32'], 'Windows PowerShell');
    const dir = await scriptsFolder();
    const log = join(dir, 'argv.log');
    const script = join(dir, 'after record.ps1');
    await writeFile(
      script,
      [
        '$line = ConvertTo-Json -InputObject @($args) -Compress',
        '[System.IO.File]::AppendAllText($env:REC_LOG, $line + "`n")',
        '',
      ].join('\r\n'),
    );
    const file = join(dir, '录制 2024.flv');
    const env = envWith({ REC_LOG: log, TEMP: dir, TMP: dir });
    const end = await runProgram(script, [TITLE, file], { timeoutMs: 60_000, env });
    expect(end).toMatchObject({ ok: true });
    const runs = (await readFile(log, 'utf8')).trim().split('\n');
    expect(runs.map((line) => JSON.parse(line))).toEqual([[TITLE, file]]);
    expect(await readdir(dir)).not.toContain('pwned.txt');
  });

  it('a cancel ends the batch file and the program it started', async () => {
    requirePlatform(['win32'], 'cmd.exe and taskkill');
    const dir = await scriptsFolder();
    const pidFile = join(dir, 'child.pid');
    await writeFile(
      join(dir, 'sleeper.mjs'),
      `import { writeFileSync } from 'node:fs';
writeFileSync(process.env.REC_PID, String(process.pid));
setInterval(() => {}, 1000);
`,
    );
    const script = join(dir, 'long job.cmd');
    await writeFile(script, batch('@echo off', '"%REC_NODE%" "%~dp0sleeper.mjs"'));
    const controller = new AbortController();
    const started: number[] = [];
    const ending = runProgram(script, [TITLE], {
      timeoutMs: null,
      signal: controller.signal,
      onStart: (pid) => started.push(pid),
      env: envWith({ REC_NODE: process.execPath, REC_PID: pidFile }),
    });
    let child = 0;
    await vi.waitFor(
      async () => {
        child = Number(await readFile(pidFile, 'utf8'));
        expect(child).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    controller.abort();
    expect(await ending).toMatchObject({ ok: false, error: `${script}: cancelled`, retry: false });
    await vi.waitFor(() => expect(isAlive(child)).toBe(false), { timeout: 10_000 });
    expect(started).toHaveLength(1);
    await vi.waitFor(() => expect(isAlive(started[0]!)).toBe(false), { timeout: 10_000 });
  });

  it('a title with a line break is not given to a batch file: the step fails and says why', async () => {
    requirePlatform(['win32'], 'batch files');
    const dir = await scriptsFolder();
    const script = join(dir, 'x.bat');
    await writeFile(script, batch('@echo off', 'echo ran > "%~dp0ran.txt"'));
    const end = await runProgram(script, ['two\nlines'], { timeoutMs: 60_000 });
    expect(end).toEqual({
      ok: false,
      error: 'a batch file cannot be given an argument with a line break: "two\\nlines"',
      lines: [],
      retry: false,
    });
    expect(await readdir(dir)).toEqual(['x.bat']);
  });
});
