import { describe, expect, it } from 'vitest';
import {
  feedFileName,
  feedFolder,
  feedVersion,
  githubFeedBase,
  originUrlOf,
  redactUrlCredentials,
  releaseNotesText,
} from '../../../../main/features/updates/core/update-feed';

describe('feedFileName', () => {
  it('names the file electron-updater reads on each platform', () => {
    expect(feedFileName('win32', 'x64')).toBe('latest.yml');
    expect(feedFileName('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(feedFileName('linux', 'x64')).toBe('latest-linux.yml');
    expect(feedFileName('linux', 'arm64')).toBe('latest-linux-arm64.yml');
  });
});

describe('githubFeedBase', () => {
  it('reads GitHub remotes over https and ssh', () => {
    const base = 'https://github.com/someone/recorder-tray/releases/latest/download/';
    expect(githubFeedBase('https://github.com/someone/recorder-tray.git')).toBe(base);
    expect(githubFeedBase('https://github.com/someone/recorder-tray')).toBe(base);
    expect(githubFeedBase('git@github.com:someone/recorder-tray.git')).toBe(base);
    expect(githubFeedBase('ssh://git@github.com/someone/recorder-tray.git')).toBe(base);
  });

  it('gives undefined for other hosts and odd URLs', () => {
    expect(githubFeedBase('https://gitlab.com/someone/recorder-tray.git')).toBeUndefined();
    expect(githubFeedBase('https://github.com.evil.example/a/b')).toBeUndefined();
    expect(githubFeedBase('/srv/git/recorder-tray')).toBeUndefined();
  });
});

describe('feedVersion', () => {
  it('reads the top-level version of a latest.yml as electron-builder writes it', () => {
    const yml = [
      'version: 1.4.0',
      'files:',
      '  - url: Recorder-Tray-Setup-1.4.0.exe',
      '    sha512: abc==',
      '    size: 1234',
      'path: Recorder-Tray-Setup-1.4.0.exe',
      "releaseDate: '2026-11-24T10:00:00.000Z'",
    ].join('\n');
    expect(feedVersion(yml)).toBe('1.4.0');
    expect(feedVersion("version: '2.0.0-beta.1'\r\npath: x")).toBe('2.0.0-beta.1');
  });

  it('ignores an indented version and gives undefined without one', () => {
    expect(feedVersion('files:\n  version: 9.9.9\n')).toBeUndefined();
    expect(feedVersion('<html>not a feed</html>')).toBeUndefined();
  });

  it('turns a folder URL into one that file names resolve against', () => {
    expect(new URL('latest.yml', feedFolder('https://mirror.example/rt')).href).toBe(
      'https://mirror.example/rt/latest.yml',
    );
  });
});

describe('releaseNotesText', () => {
  it('turns GitHub HTML notes into text and never keeps a tag', () => {
    const html =
      '<h3>Fixed</h3><ul><li>Popups on <b>Windows</b> &amp; macOS</li></ul><script>x()</script>';
    const text = releaseNotesText(html);
    expect(text).toContain('Fixed');
    expect(text).toContain('• Popups on Windows & macOS');
    expect(text).not.toMatch(/<|>/);
  });

  it('joins notes per version and reads nothing as empty', () => {
    expect(
      releaseNotesText([
        { version: '0.3.0', note: 'three' },
        { version: '0.2.0', note: null },
      ]),
    ).toBe('0.3.0\nthree\n\n0.2.0');
    expect(releaseNotesText(null)).toBe('');
  });
});

describe('redactUrlCredentials', () => {
  it('masks the user and password of a mirror URL wherever it appears', () => {
    expect(
      redactUrlCredentials('https://me:s3cret@mirror.example/rt/latest.yml answered 404'),
    ).toBe('https://***@mirror.example/rt/latest.yml answered 404');
    expect(redactUrlCredentials('https://mirror.example/rt/')).toBe('https://mirror.example/rt/');
  });
});

describe('originUrlOf', () => {
  it('reads the origin section only', () => {
    const config =
      '[remote "fork"]\n\turl = https://a/b\n[remote "origin"]\n\turl = git@github.com:o/r.git\n';
    expect(originUrlOf(config)).toBe('git@github.com:o/r.git');
    expect(originUrlOf('[core]\n\turl = nope\n')).toBeUndefined();
  });
});
