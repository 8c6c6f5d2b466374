import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDataDirRun } from '../helpers/default-data-dir';
import { killAll, type HeadlessProcess } from '../helpers/headless-process';
import { requirePlatform } from '../helpers/require-tool';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

describe('headless mode on Linux keeps its data where Electron would (set os-linux)', () => {
  it('$XDG_CONFIG_HOME/Recorder Tray', async () => {
    requirePlatform(['linux'], "Linux's folders");
    const run = await defaultDataDirRun(running, (home) => ({ XDG_CONFIG_HOME: home }));
    expect(run.dataDir).toBe(join(run.home, 'Recorder Tray'));
    expect(run.files).toContain(DATABASE_FILE);
  });

  it('~/.config/Recorder Tray without XDG_CONFIG_HOME', async () => {
    requirePlatform(['linux'], "Linux's folders");
    const run = await defaultDataDirRun(running, (home) => ({ HOME: home, XDG_CONFIG_HOME: '' }));
    expect(run.dataDir).toBe(join(run.home, '.config', 'Recorder Tray'));
    expect(run.files).toContain(DATABASE_FILE);
  });
});
