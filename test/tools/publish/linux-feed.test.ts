import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergeLinuxFeeds } from '../../../tools/publish/linux-feed';

// Each Linux run's latest-linux.yml as electron-builder 26 writes it.
const appImage = {
  version: '1.2.3',
  files: [{ url: 'Recorder-Tray-1.2.3.AppImage', sha512: 'AAA', size: 100, blockMapSize: 7 }],
  path: 'Recorder-Tray-1.2.3.AppImage',
  sha512: 'AAA',
  releaseDate: '2026-11-28T10:00:00.000Z',
};
const deb = {
  version: '1.2.3',
  files: [{ url: 'recorder-tray_1.2.3_amd64.deb', sha512: 'DDD', size: 90 }],
  path: 'recorder-tray_1.2.3_amd64.deb',
  sha512: 'DDD',
  releaseDate: '2026-11-28T10:05:00.000Z',
};

describe('mergeLinuxFeeds', () => {
  it('lists both packages, the AppImage as the legacy path, with the later date', () => {
    expect(parse(mergeLinuxFeeds(stringify(appImage), stringify(deb)))).toEqual({
      version: '1.2.3',
      files: [...appImage.files, ...deb.files],
      path: 'Recorder-Tray-1.2.3.AppImage',
      sha512: 'AAA',
      releaseDate: '2026-11-28T10:05:00.000Z',
    });
  });

  it('refuses feeds of two versions, swapped feeds, and a file that is no feed', () => {
    expect(() =>
      mergeLinuxFeeds(stringify(appImage), stringify({ ...deb, version: '1.2.4' })),
    ).toThrow('the AppImage feed is for 1.2.3, the deb feed for 1.2.4');
    expect(() => mergeLinuxFeeds(stringify(deb), stringify(appImage))).toThrow(
      'the AppImage feed lists recorder-tray_1.2.3_amd64.deb',
    );
    expect(() => mergeLinuxFeeds('version: 1.2.3\n', stringify(deb))).toThrow(
      /the AppImage feed is not an update feed/,
    );
  });
});
