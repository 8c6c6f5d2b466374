import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../../../../main/features/jobs/adapters/find-program';
import { requirePlatform } from '../../../helpers/require-tool';

// Windows (the os-windows set): PATH split on ';', a program is a file with a PATHEXT extension;
// there is no execute bit to ask for.
describe('findProgram on Windows', () => {
  requirePlatform(['win32'], 'Windows program lookup');

  it("looks a bare name up in Path's folders with PATHEXT's extensions", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    for (const sub of ['a', 'b 录像']) await mkdir(join(dir, sub));
    await writeFile(join(dir, 'a', 'ffmpeg'), ''); // no extension: not a program here
    await writeFile(join(dir, 'b 录像', 'ffmpeg.exe'), '');
    await writeFile(join(dir, 'b 录像', 'upload.cmd'), '@echo off\r\n');
    await writeFile(join(dir, 'b 录像', 'notify.ps1'), '');
    expect(delimiter).toBe(';');
    const Path = ['C:\\nonexistent', '', join(dir, 'a'), join(dir, 'b 录像')].join(delimiter);
    const search = { env: { Path, PATHEXT: process.env.PATHEXT }, platform: process.platform };
    expect((await findProgram('ffmpeg', search))?.toLowerCase()).toBe(
      join(dir, 'b 录像', 'ffmpeg.exe').toLowerCase(),
    );
    expect((await findProgram('upload', search))?.toLowerCase()).toBe(
      join(dir, 'b 录像', 'upload.cmd').toLowerCase(),
    );
    // PowerShell scripts are not in PATHEXT: never found by a bare name...
    expect(await findProgram('notify', search)).toBeNull();
    // ...but a path to one is taken as given.
    const script = join(dir, 'b 录像', 'notify.ps1');
    expect(await findProgram(script, search)).toBe(script);
    expect(await findProgram(join(dir, 'a', 'ffmpeg'), search)).toBeNull();
  });
});
