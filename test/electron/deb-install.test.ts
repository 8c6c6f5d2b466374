import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebUpdater } from 'electron-updater';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updaterEnvironment } from '../../main/features/updates/core/update-route';
import { fakeUpdaterApp } from '../fakes/update-feed';
import { requirePlatform } from '../helpers/require-tool';

// electron-updater's real DebUpdater choosing how to install a .deb: each command it runs goes
// through pkexec (or sudo) on its own, so each is one password prompt. It looks for dpkg and apt
// with `command -v` in a shell (the os-linux set, on Debian where both are); the commands
// themselves go to a recorder here, as they would to LinuxUpdater.runCommandWithSudoIfNeeded.
requirePlatform(['linux'], "Debian's dpkg and apt");

afterEach(() => vi.unstubAllEnvs());

/** The privileged commands DebUpdater runs for one install whose `dpkg -i` fails. */
async function privilegedRuns(): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'deb-install-'));
  const updater = new DebUpdater(null, await fakeUpdaterApp(dir, '0.1.0', 'http://127.0.0.1:9/'));
  updater.logger = null;
  const detect = (updater as unknown as { detectPackageManager(pms: string[]): string })
    .detectPackageManager;
  // The list DebUpdater.doInstall passes.
  const manager = detect.call(updater, ['dpkg', 'apt']) as 'dpkg' | 'apt';
  const runs: string[][] = [];
  const runner = (command: string[]) => {
    runs.push(command);
    if (command[0] === 'dpkg') throw new Error('dpkg: dependency problems'); // or pkexec dismissed
    return '';
  };
  DebUpdater.installWithCommandRunner(manager, '/tmp/recorder-tray_0.2.0_amd64.deb', runner, {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  });
  return runs;
}

describe('installing a .deb update', () => {
  it('asks twice by default when dpkg -i fails: dpkg, then apt-get -f', async () => {
    vi.stubEnv('ELECTRON_BUILDER_LINUX_PACKAGE_MANAGER', '');
    expect((await privilegedRuns()).map((command) => command[0])).toEqual(['dpkg', 'apt-get']);
  });

  it('asks once with the environment the app sets for a .deb: one apt install of the file', async () => {
    for (const [name, value] of Object.entries(
      updaterEnvironment({ platform: 'linux', packageType: 'deb' }),
    ))
      vi.stubEnv(name, value);
    const runs = await privilegedRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.slice(0, 3)).toEqual(['apt', 'install', '-y']);
    expect(runs[0]!.at(-1)).toBe('/tmp/recorder-tray_0.2.0_amd64.deb');
  });
});
