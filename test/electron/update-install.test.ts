import type { RelaunchOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { UpdateFailure } from '../../main/features/updates/adapters/update-failure-file';
import type { InstallOutcome } from '../../main/electron/app-updater';
import { installUpdate } from '../../main/electron/update-install';
import { memoryLogger } from '../fakes/silent-logger';

// The install step of "Restart to update", the app already stopped: what happens to the process
// when the updater goes ahead, fails at once, fails later, or never quits the app.

function harness(
  outcome: InstallOutcome,
  options: { selfRelaunch?: boolean; waitMs?: number } = {},
) {
  const steps: string[] = [];
  const relaunches: RelaunchOptions[] = [];
  const failures: UpdateFailure[] = [];
  let lateFailure: ((reason: string) => void) | undefined;
  const log = memoryLogger();
  const run = installUpdate({
    updates: {
      install: (onLateFailure) => {
        steps.push('install');
        lateFailure = onLateFailure;
        return outcome;
      },
    },
    app: {
      relaunch: (relaunch = {}) => {
        steps.push('relaunch');
        relaunches.push(relaunch);
      },
      quit: () => void steps.push('quit'),
    },
    relaunchTarget: (installedAs) =>
      installedAs === undefined
        ? { execPath: '/home/u/RT-0.1.0.AppImage', args: ['--no-sandbox'] }
        : { execPath: installedAs, args: ['--no-sandbox'] },
    selfRelaunch: options.selfRelaunch ?? false,
    saveFailure: async (failure) => {
      steps.push('saveFailure');
      failures.push(failure);
    },
    log,
    waitMs: options.waitMs ?? 60_000,
  });
  return { run, steps, relaunches, failures, log, fail: (reason: string) => lateFailure?.(reason) };
}

describe('installUpdate', () => {
  it('brings the app back as it was when the install fails, keeping why for the next run', async () => {
    const h = harness({
      ok: false,
      version: '0.2.0',
      reason: 'Command pkexec exited with code 126',
    });
    await expect.poll(() => h.steps).toEqual(['install', 'saveFailure', 'relaunch', 'quit']);
    expect(h.failures).toEqual([
      { version: '0.2.0', reason: 'Command pkexec exited with code 126' },
    ]);
    expect(h.relaunches).toEqual([
      { execPath: '/home/u/RT-0.1.0.AppImage', args: ['--no-sandbox'] },
    ]);
    expect(h.log.lines.join('\n')).toMatch(/error updates: the install failed \(Command pkexec/);
  });

  it('starts the new AppImage itself, with the flags, when the install goes ahead', async () => {
    const h = harness(
      { ok: true, version: '0.2.0', appImage: '/home/u/RT-0.2.0.AppImage' },
      { selfRelaunch: true },
    );
    expect(h.steps).toEqual(['install', 'relaunch']);
    expect(h.relaunches).toEqual([
      { execPath: '/home/u/RT-0.2.0.AppImage', args: ['--no-sandbox'] },
    ]);
    // Electron's quit went through: nothing more happens, whatever the updater says afterwards.
    h.run.quitting();
    h.fail('late');
    expect(h.steps).toEqual(['install', 'relaunch']);
  });

  it('leaves the relaunch to the updater elsewhere, and restores on a failure it reports later', async () => {
    const h = harness({ ok: true, version: '0.2.0' });
    expect(h.steps).toEqual(['install']);
    h.fail('Cannot run installer: EACCES');
    await expect.poll(() => h.steps).toEqual(['install', 'saveFailure', 'relaunch', 'quit']);
    expect(h.failures).toEqual([{ version: '0.2.0', reason: 'Cannot run installer: EACCES' }]);
    // Once only.
    h.fail('again');
    expect(h.relaunches).toHaveLength(1);
  });

  it('restores when the updater never quits the app, once', async () => {
    const h = harness(
      { ok: true, version: '0.2.0', appImage: '/home/u/RT-0.2.0.AppImage' },
      {
        selfRelaunch: true,
        waitMs: 1,
      },
    );
    await expect.poll(() => h.steps).toEqual(['install', 'relaunch', 'saveFailure', 'quit']);
    expect(h.failures).toEqual([
      { version: '0.2.0', reason: 'the update did not start: the updater never quit the app' },
    ]);
    // The one relaunch already asked for stands: Electron would start one instance per call.
    expect(h.relaunches).toHaveLength(1);
  });
});
