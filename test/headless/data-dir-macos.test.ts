import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDataDirRun } from '../helpers/default-data-dir';
import { killAll, type HeadlessProcess } from '../helpers/headless-process';
import { requirePlatform } from '../helpers/require-tool';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

describe('headless mode on macOS keeps its data where Electron would (set os-macos)', () => {
  it('~/Library/Application Support/Recorder Tray', async () => {
    requirePlatform(['darwin'], "macOS's folders");
    const run = await defaultDataDirRun(running, (home) => ({ HOME: home }));
    expect(run.dataDir).toBe(join(run.home, 'Library', 'Application Support', 'Recorder Tray'));
    expect(run.files).toContain(DATABASE_FILE);
  });
});
