import { describe, expect, it } from 'vitest';
import { neededSwitches, relaunchTarget } from '../../../../main/features/updates/core/relaunch';

describe('relaunchTarget', () => {
  const argv = ['/tmp/.mount_Recordxyz/recorder-tray', '--no-sandbox', '--hidden'];

  it("starts the AppImage file with this run's arguments, not the mounted executable", () => {
    expect(relaunchTarget({ appImage: '/home/u/Apps/Recorder-Tray-0.1.0.AppImage', argv })).toEqual(
      {
        execPath: '/home/u/Apps/Recorder-Tray-0.1.0.AppImage',
        args: ['--no-sandbox', '--hidden'],
      },
    );
  });

  it('starts the file an update renamed it to', () => {
    expect(
      relaunchTarget({
        appImage: '/home/u/Apps/Recorder-Tray-0.1.0.AppImage',
        installedAs: '/home/u/Apps/Recorder-Tray-0.2.0.AppImage',
        argv,
      }).execPath,
    ).toBe('/home/u/Apps/Recorder-Tray-0.2.0.AppImage');
  });

  it("leaves Electron's default elsewhere", () => {
    expect(relaunchTarget({ appImage: undefined, argv: ['C:\\RT\\Recorder Tray.exe'] })).toEqual(
      {},
    );
    expect(relaunchTarget({ appImage: '', argv })).toEqual({});
  });
});

describe('neededSwitches', () => {
  it('keeps the sandbox switches of this run, once, and nothing else', () => {
    expect(
      neededSwitches(['/opt/rt/recorder-tray', '--no-sandbox', '--hidden', '--no-sandbox']),
    ).toEqual(['--no-sandbox']);
    expect(neededSwitches(['/opt/rt/recorder-tray', '--hidden'])).toEqual([]);
    // argv[0] is the executable, never a switch.
    expect(neededSwitches(['--no-sandbox'])).toEqual([]);
  });
});
