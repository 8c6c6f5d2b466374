import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../../../../main/features/jobs/adapters/find-program';
import { requirePlatform } from '../../../helpers/require-tool';

// Linux and macOS (their os-* sets): PATH split on ':', a program is a file with an execute bit.
describe('findProgram on POSIX', () => {
  requirePlatform(['linux', 'darwin'], 'POSIX program lookup');
  const host = (env: NodeJS.ProcessEnv) => ({ env, platform: process.platform });

  it("looks a bare name up in PATH's folders in order, wanting the execute bit", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    for (const sub of ['a', 'b 录像']) await mkdir(join(dir, sub));
    await writeFile(join(dir, 'a', 'plain'), 'not executable');
    await writeFile(join(dir, 'b 录像', 'plain'), '#!/bin/sh\n');
    await chmod(join(dir, 'b 录像', 'plain'), 0o755);
    await writeFile(join(dir, 'b 录像', 'tool.exe'), '#!/bin/sh\n');
    await chmod(join(dir, 'b 录像', 'tool.exe'), 0o755);
    expect(delimiter).toBe(':');
    const PATH = ['/nonexistent', '', join(dir, 'a'), join(dir, 'b 录像')].join(delimiter);
    // The first folder's file has no execute bit: the second's is the program.
    expect(await findProgram('plain', host({ PATH }))).toBe(join(dir, 'b 录像', 'plain'));
    // No extension is added on POSIX.
    expect(await findProgram('tool', host({ PATH }))).toBeNull();
    expect(await findProgram('tool.exe', host({ PATH }))).toBe(join(dir, 'b 录像', 'tool.exe'));
    expect(await findProgram('plain', host({ PATH: join(dir, 'a') }))).toBeNull();
    expect(await findProgram('plain', host({}))).toBeNull();
  });

  it('takes a path as given, and only an executable file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'path-'));
    await writeFile(join(dir, 'run.sh'), '#!/bin/sh\n');
    await chmod(join(dir, 'run.sh'), 0o755);
    await writeFile(join(dir, 'notes.txt'), '');
    expect(await findProgram(join(dir, 'run.sh'), host({}))).toBe(join(dir, 'run.sh'));
    expect(await findProgram(join(dir, 'notes.txt'), host({}))).toBeNull();
    expect(await findProgram(dir, host({}))).toBeNull(); // a folder is no program
  });
});
