import { describe, expect, it } from 'vitest';
import { expectedUpdateRoute, pickInstaller } from '../../../tools/smoke/artifact-kind';
import { updateRouteOfLine } from '../../../tools/smoke/log-lines';

describe('the update route each installed artifact must log', () => {
  it('is restart for the NSIS installer and the AppImage, install for the deb', () => {
    expect(expectedUpdateRoute('release/Recorder Tray Setup 0.1.0.exe', {})).toBe(
      'restart to update',
    );
    expect(expectedUpdateRoute('release/appimage/Recorder Tray-0.1.0.AppImage', {})).toBe(
      'restart to update',
    );
    expect(expectedUpdateRoute('release/deb/recorder-tray_0.1.0_amd64.deb', {})).toBe('install');
  });

  it('is the download for an ad-hoc Mac build, restart for a Developer ID one', () => {
    expect(expectedUpdateRoute('release/Recorder Tray-0.1.0.dmg', {})).toBe('download');
    expect(expectedUpdateRoute('release/Recorder Tray-0.1.0.dmg', { MAC_SIGNED: 'false' })).toBe(
      'download',
    );
    expect(expectedUpdateRoute('release/Recorder Tray-0.1.0.dmg', { MAC_SIGNED: 'true' })).toBe(
      'restart to update',
    );
  });

  it("is read from the desktop log's line, behind electron-log's date and level", () => {
    const line = (route: string) => `[2026-11-28 10:00:00.123] [info]  updates: ${route} (linux)`;
    expect(updateRouteOfLine(line('restart to update'))).toBe('restart to update');
    expect(updateRouteOfLine(line('install'))).toBe('install');
    expect(updateRouteOfLine('[…] [info]  updates: download (darwin)')).toBe('download');
    expect(updateRouteOfLine('[…] [info]  updates: not checked (a development run)')).toBeNull();
    expect(updateRouteOfLine('[…] [info]  updates: installing 0.2.0')).toBeNull();
  });
});

describe('the installer of an architecture', () => {
  const dmgs = ['release/Recorder Tray-0.1.0-arm64.dmg', 'release/Recorder Tray-0.1.0.dmg'];

  it("picks the Intel or the Apple silicon dmg of the Mac build's two", () => {
    expect(pickInstaller(dmgs, 'arm64')).toBe('release/Recorder Tray-0.1.0-arm64.dmg');
    expect(pickInstaller(dmgs, 'x64')).toBe('release/Recorder Tray-0.1.0.dmg');
  });

  it('takes the one file given without an architecture, and refuses to guess', () => {
    expect(pickInstaller(['release/x.exe'], undefined)).toBe('release/x.exe');
    expect(() => pickInstaller(dmgs, undefined)).toThrow(/2 installers for this runner/);
    expect(() => pickInstaller([], 'x64')).toThrow('0 installers for x64 among none');
  });
});
