import { describe, expect, it } from 'vitest';
import {
  downloadUrl,
  updateRoute,
  updaterEnvironment,
  updateSourceOf,
  updaterSwitches,
} from '../../../../main/features/updates/core/update-route';

describe('updateRoute', () => {
  it('restarts into an update on Windows and from an AppImage', () => {
    expect(updateRoute({ platform: 'win32' })).toBe('restart');
    expect(updateRoute({ platform: 'linux' })).toBe('restart');
  });

  it('installs a system package only when asked (pkexec asks for the password)', () => {
    expect(updateRoute({ platform: 'linux', packageType: 'deb\n' })).toBe('install');
    expect(updateRoute({ platform: 'linux', packageType: 'rpm' })).toBe('install');
    expect(updateRoute({ platform: 'linux', packageType: 'snap' })).toBe('restart');
  });

  it('offers the download on a Mac build that is not Developer ID signed', () => {
    expect(updateRoute({ platform: 'darwin' })).toBe('download');
    expect(updateRoute({ platform: 'darwin', macSignature: 'ad-hoc' })).toBe('download');
    expect(updateRoute({ platform: 'darwin', macSignature: 'developer-id' })).toBe('restart');
  });
});

describe('updaterEnvironment', () => {
  it('makes a .deb install with one apt command (asked once), and leaves the others alone', () => {
    expect(updaterEnvironment({ platform: 'linux', packageType: 'deb\n' })).toEqual({
      ELECTRON_BUILDER_LINUX_PACKAGE_MANAGER: 'apt',
    });
    // An rpm's updater would take "apt" as its package manager too: never set for it.
    expect(updaterEnvironment({ platform: 'linux', packageType: 'rpm' })).toEqual({});
    expect(updaterEnvironment({ platform: 'linux' })).toEqual({});
    expect(updaterEnvironment({ platform: 'win32', packageType: 'deb' })).toEqual({});
  });
});

describe('updaterSwitches', () => {
  it('installs at quit only on the restart route, and downloads nothing it cannot apply', () => {
    expect(updaterSwitches('restart')).toEqual({ autoDownload: true, autoInstallOnAppQuit: true });
    expect(updaterSwitches('install')).toEqual({ autoDownload: true, autoInstallOnAppQuit: false });
    expect(updaterSwitches('download')).toEqual({
      autoDownload: false,
      autoInstallOnAppQuit: false,
    });
  });
});

describe('updateSourceOf', () => {
  it('reads the GitHub provider electron-builder writes', () => {
    const yml = 'owner: someone\nrepo: recorder-tray\nprovider: github\nreleaseType: draft\n';
    expect(updateSourceOf(yml)).toEqual({
      provider: 'github',
      owner: 'someone',
      repo: 'recorder-tray',
    });
  });

  it('reads a generic provider, quoted or not, and nothing it does not know', () => {
    expect(updateSourceOf("provider: generic\nurl: 'https://mirror.example/rt/'\n")).toEqual({
      provider: 'generic',
      url: 'https://mirror.example/rt/',
    });
    expect(updateSourceOf('provider: s3\nbucket: x\n')).toBeUndefined();
    expect(updateSourceOf('provider: github\nowner: someone\n')).toBeUndefined();
  });
});

describe('downloadUrl', () => {
  const github = { provider: 'github' as const, owner: 'someone', repo: 'recorder-tray' };
  const files = ['Recorder-Tray-0.2.0-arm64-mac.zip', 'Recorder-Tray-0.2.0-arm64.dmg'];

  it('opens the release page of the GitHub feed', () => {
    expect(downloadUrl({ version: '0.2.0', files, source: github, mirror: '' })).toBe(
      'https://github.com/someone/recorder-tray/releases/tag/v0.2.0',
    );
  });

  it('opens the dmg (else the zip) on a mirror or a generic feed', () => {
    expect(
      downloadUrl({ version: '0.2.0', files, source: github, mirror: 'https://m.example/rt' }),
    ).toBe('https://m.example/rt/Recorder-Tray-0.2.0-arm64.dmg');
    expect(
      downloadUrl({
        version: '0.2.0',
        files: [files[0]!],
        source: { provider: 'generic', url: 'https://g.example/feed/' },
        mirror: '',
      }),
    ).toBe('https://g.example/feed/Recorder-Tray-0.2.0-arm64-mac.zip');
  });

  it('opens nothing but http(s)', () => {
    expect(
      downloadUrl({ version: '0.2.0', files, source: undefined, mirror: 'file:///etc/' }),
    ).toBeUndefined();
    expect(
      downloadUrl({
        version: '0.2.0',
        files: ['javascript:alert(1)//x.dmg'],
        source: undefined,
        mirror: 'https://m.example/',
      }),
    ).toBeUndefined();
    expect(downloadUrl({ version: '0.2.0', files, source: undefined, mirror: '' })).toBeUndefined();
  });
});
