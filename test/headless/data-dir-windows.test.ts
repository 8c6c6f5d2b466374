import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDataDirRun } from '../helpers/default-data-dir';
import { killAll, type HeadlessProcess } from '../helpers/headless-process';
import { requirePlatform } from '../helpers/require-tool';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

// Run on Windows by set os-windows; stopped with a line `stop` (kill() there saves nothing).
describe('headless mode on Windows keeps its data where Electron would (set os-windows)', () => {
  it('%APPDATA%\\Recorder Tray, a path with backslashes and a drive', async () => {
    requirePlatform(['win32'], "Windows' folders");
    const run = await defaultDataDirRun(running, (home) => ({ APPDATA: home }));
    expect(run.dataDir).toBe(join(run.home, 'Recorder Tray'));
    expect(run.dataDir).toMatch(/^[A-Za-z]:\\/);
    expect(run.files).toContain(DATABASE_FILE);
  });
});
