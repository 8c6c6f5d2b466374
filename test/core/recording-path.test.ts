import { describe, expect, test } from 'vitest';
import {
  fileActionFor,
  isOpenableRecording,
  resolveRecordingPath,
  type PathRefusal,
  type PathStyle,
  type RecordingPathOptions,
} from '../../main/core/recording-path';
import type { PathMapping } from '../../shared/settings';

const posix = (recordingRoot = '/rec', pathMappings: PathMapping[] = []): RecordingPathOptions => ({
  recordingRoot,
  pathMappings,
  style: 'posix',
});
const win32 = (
  recordingRoot = 'D:\\rec',
  pathMappings: PathMapping[] = [],
): RecordingPathOptions => ({
  recordingRoot,
  pathMappings,
  style: 'win32',
});

const ROOM = '23058-3号直播间';
const TEMPLATE = `${ROOM}/录制-23058-20240317-203703-677-【歌回】深夜_点歌_.flv`;
const LINUX_TITLE = `${ROOM}/录制-23058-20240317-203703-677-【歌回】深夜:点歌?*|"<>.flv`;

interface Row {
  name: string;
  relativePath: string;
  options: RecordingPathOptions;
  expected: { path: string; root: string } | { reason: PathRefusal };
}

const rows: Row[] = [
  // Legitimate names
  {
    name: 'default template',
    relativePath: TEMPLATE,
    options: posix(),
    expected: { path: `/rec/${TEMPLATE}`, root: '/rec' },
  },
  {
    name: 'Linux title characters : ? * | " < > on POSIX',
    relativePath: LINUX_TITLE,
    options: posix(),
    expected: { path: `/rec/${LINUX_TITLE}`, root: '/rec' },
  },
  {
    name: 'backslash inside a Linux name stays a name character on POSIX',
    relativePath: `${ROOM}/录制-【歌回】A\\B.flv`,
    options: posix(),
    expected: { path: `/rec/${ROOM}/录制-【歌回】A\\B.flv`, root: '/rec' },
  },
  {
    name: 'Chinese and emoji names',
    relativePath: '8792912-🎤小明Official/录制-8792912-20240101-000000-000-🎉生日会💖.flv',
    options: posix(),
    expected: {
      path: '/rec/8792912-🎤小明Official/录制-8792912-20240101-000000-000-🎉生日会💖.flv',
      root: '/rec',
    },
  },
  {
    name: 'doubled and dot separators collapse',
    relativePath: 'a//./b.flv',
    options: posix(),
    expected: { path: '/rec/a/b.flv', root: '/rec' },
  },
  {
    name: 'a `.. ` name is an ordinary name on POSIX',
    relativePath: 'a/.. /x.flv',
    options: posix(),
    expected: { path: '/rec/a/.. /x.flv', root: '/rec' },
  },
  {
    name: 'backslash separators on Windows',
    relativePath: `${ROOM}\\sub\\a.flv`,
    options: win32(),
    expected: { path: `D:\\rec\\${ROOM}\\sub\\a.flv`, root: 'D:\\rec' },
  },
  {
    name: 'mixed separators on Windows (recorder `/` plus a template `\\`)',
    relativePath: `${ROOM}/sub\\a.flv`,
    options: win32('D:/rec/'),
    expected: { path: `D:\\rec\\${ROOM}\\sub\\a.flv`, root: 'D:\\rec' },
  },
  {
    name: 'non-media extension still resolves (the action decides)',
    relativePath: `${ROOM}/run.exe`,
    options: posix(),
    expected: { path: `/rec/${ROOM}/run.exe`, root: '/rec' },
  },
  // Path mappings
  {
    name: 'mapping /rec → Z:\\rec (win32)',
    relativePath: TEMPLATE,
    options: win32('/rec', [{ from: '/rec', to: 'Z:\\rec' }]),
    expected: { path: `Z:\\rec\\${TEMPLATE.replace('/', '\\')}`, root: 'Z:\\rec' },
  },
  {
    name: 'mapping /rec → \\\\nas\\rec (win32)',
    relativePath: TEMPLATE,
    options: win32('/rec', [{ from: '/rec/', to: '\\\\nas\\rec' }]),
    expected: { path: `\\\\nas\\rec\\${TEMPLATE.replace('/', '\\')}`, root: '\\\\nas\\rec' },
  },
  {
    name: 'mapping /data/rec → /mnt/nas (posix)',
    relativePath: TEMPLATE,
    options: posix('/data/rec', [
      { from: '/data', to: '/srv' },
      { from: '/data/rec', to: '/mnt/nas' },
    ]),
    expected: { path: `/mnt/nas/${TEMPLATE}`, root: '/mnt/nas' },
  },
  {
    name: 'Windows recorder mapped case-insensitively (C:\\Rec vs c:\\rec)',
    relativePath: 'a/b.flv',
    options: posix('C:\\Rec', [{ from: 'c:\\rec', to: '/mnt/win' }]),
    expected: { path: '/mnt/win/a/b.flv', root: '/mnt/win' },
  },
  {
    name: 'a longer mapping inside the root is followed',
    relativePath: 'archive/a.flv',
    options: posix('/rec', [
      { from: '/rec', to: '/mnt/rec' },
      { from: '/rec/archive', to: '/mnt/rec/cold' },
    ]),
    expected: { path: '/mnt/rec/cold/a.flv', root: '/mnt/rec' },
  },
  {
    name: 'a longer mapping that leaves the root is refused',
    relativePath: `${ROOM}/a.flv`,
    options: win32('/rec', [
      { from: '/rec', to: 'Z:\\rec' },
      { from: `/rec/${ROOM}`, to: 'C:\\Windows' },
    ]),
    expected: { reason: 'outside-root' },
  },
  {
    name: 'mapping target that is not absolute',
    relativePath: 'a.flv',
    options: posix('/rec', [{ from: '/rec', to: 'rec' }]),
    expected: { reason: 'bad-mapping' },
  },
  {
    name: 'no recording root',
    relativePath: TEMPLATE,
    options: posix(''),
    expected: { reason: 'no-root' },
  },
  {
    name: 'POSIX root on Windows without a mapping',
    relativePath: TEMPLATE,
    options: win32('/rec'),
    expected: { reason: 'bad-root' },
  },
  {
    name: 'relative root',
    relativePath: TEMPLATE,
    options: posix('rec'),
    expected: { reason: 'bad-root' },
  },
  // Escapes
  {
    name: 'plain ..',
    relativePath: '../etc/passwd',
    options: posix(),
    expected: { reason: 'dot-dot' },
  },
  {
    name: 'disguised a/../../x',
    relativePath: 'a/../../x.flv',
    options: posix(),
    expected: { reason: 'dot-dot' },
  },
  {
    name: '..\\x on POSIX',
    relativePath: '..\\x.flv',
    options: posix(),
    expected: { reason: 'dot-dot' },
  },
  {
    name: '..\\x on Windows',
    relativePath: '..\\x.flv',
    options: win32(),
    expected: { reason: 'dot-dot' },
  },
  {
    name: 'trailing ..',
    relativePath: `${ROOM}/..`,
    options: posix(),
    expected: { reason: 'dot-dot' },
  },
  {
    name: '`.. ` becomes `..` on Windows',
    relativePath: 'a\\.. \\.. \\x.flv',
    options: win32(),
    expected: { reason: 'invalid-name' },
  },
  {
    name: 'absolute /etc/passwd',
    relativePath: '/etc/passwd',
    options: posix(),
    expected: { reason: 'absolute' },
  },
  {
    name: 'rooted \\Windows\\x.exe',
    relativePath: '\\Windows\\x.exe',
    options: win32(),
    expected: { reason: 'absolute' },
  },
  {
    name: 'C:\\Windows\\x.exe',
    relativePath: 'C:\\Windows\\x.exe',
    options: win32(),
    expected: { reason: 'drive-letter' },
  },
  {
    name: 'C:\\Windows\\x.exe on POSIX',
    relativePath: 'C:\\Windows\\x.exe',
    options: posix(),
    expected: { reason: 'drive-letter' },
  },
  {
    name: 'drive-relative C:x',
    relativePath: 'C:x.flv',
    options: win32(),
    expected: { reason: 'drive-letter' },
  },
  {
    name: 'UNC \\\\server\\share',
    relativePath: '\\\\server\\share\\x.flv',
    options: win32(),
    expected: { reason: 'unc' },
  },
  {
    name: 'UNC with slashes //server/share',
    relativePath: '//server/share/x.flv',
    options: posix(),
    expected: { reason: 'unc' },
  },
  {
    name: 'device path \\\\?\\C:\\x',
    relativePath: '\\\\?\\C:\\x.flv',
    options: win32(),
    expected: { reason: 'device-path' },
  },
  {
    name: 'device path \\\\.\\PhysicalDrive0',
    relativePath: '\\\\.\\PhysicalDrive0',
    options: win32(),
    expected: { reason: 'device-path' },
  },
  {
    name: 'NUL byte',
    relativePath: `${ROOM}/a.flv\u0000.exe`,
    options: posix(),
    expected: { reason: 'control-char' },
  },
  {
    name: 'newline',
    relativePath: `${ROOM}/a\nb.flv`,
    options: posix(),
    expected: { reason: 'control-char' },
  },
  {
    name: 'right-to-left override disguising .exe',
    relativePath: `${ROOM}/录制\u202Evlf.exe`,
    options: posix(),
    expected: { reason: 'control-char' },
  },
  {
    name: '300 characters in one name',
    relativePath: `${ROOM}/${'长'.repeat(300)}.flv`,
    options: posix(),
    expected: { reason: 'segment-too-long' },
  },
  {
    name: 'over 1,024 characters in all',
    relativePath: `${'a'.repeat(200)}/`.repeat(6) + 'x.flv',
    options: posix(),
    expected: { reason: 'too-long' },
  },
  { name: 'empty', relativePath: '', options: posix(), expected: { reason: 'empty' } },
  {
    name: 'only separators and dots',
    relativePath: '.',
    options: posix(),
    expected: { reason: 'empty' },
  },
  // Windows-only names
  {
    name: 'Linux title characters on Windows',
    relativePath: LINUX_TITLE,
    options: win32(),
    expected: { reason: 'invalid-char' },
  },
  {
    name: 'NTFS alternate data stream',
    relativePath: `${ROOM}/a.flv:evil.exe`,
    options: win32(),
    expected: { reason: 'invalid-char' },
  },
  {
    name: 'reserved device name CON.flv',
    relativePath: `${ROOM}/CON.flv`,
    options: win32(),
    expected: { reason: 'reserved-name' },
  },
  {
    name: 'reserved name is fine on POSIX',
    relativePath: `${ROOM}/CON.flv`,
    options: posix(),
    expected: { path: `/rec/${ROOM}/CON.flv`, root: '/rec' },
  },
];

// The recorder's side (its root as it sees it) decides what separates names; this machine's side
// decides how the result is written. Each pair of sides, with the safety rules in both styles.
const recorderSideRows: Row[] = [
  {
    name: 'Windows recorder D:\\rec mapped to /Volumes/rec: `\\` separates on a POSIX desktop',
    relativePath: `${ROOM}\\录制-【歌回】.flv`,
    options: posix('D:\\rec', [{ from: 'D:\\rec', to: '/Volumes/rec' }]),
    expected: { path: `/Volumes/rec/${ROOM}/录制-【歌回】.flv`, root: '/Volumes/rec' },
  },
  {
    name: 'Windows recorder, mixed `/` and `\\` (a user template) on a POSIX desktop',
    relativePath: `${ROOM}/2024\\03\\a.flv`,
    options: posix('D:\\rec', [{ from: 'd:/rec', to: '/mnt/rec' }]),
    expected: { path: `/mnt/rec/${ROOM}/2024/03/a.flv`, root: '/mnt/rec' },
  },
  {
    name: 'Windows recorder on a UNC root mapped to POSIX: `\\` separates',
    relativePath: 'a\\b.flv',
    options: posix('\\\\nas\\rec', [{ from: '\\\\nas\\rec', to: '/mnt/nas' }]),
    expected: { path: '/mnt/nas/a/b.flv', root: '/mnt/nas' },
  },
  {
    name: 'POSIX recorder /rec on a Windows desktop: `\\` is a name character, so refused there',
    relativePath: `${ROOM}/A\\B.flv`,
    options: win32('/rec', [{ from: '/rec', to: 'Z:\\rec' }]),
    expected: { reason: 'invalid-char' },
  },
  {
    name: 'POSIX recorder on a POSIX desktop keeps `\\` in a name',
    relativePath: 'a\\b.flv',
    options: posix('/rec', [{ from: '/rec', to: '/mnt/rec' }]),
    expected: { path: '/mnt/rec/a\\b.flv', root: '/mnt/rec' },
  },
  {
    name: 'Windows recorder on a Windows desktop (mapped to a share)',
    relativePath: 'a\\b/c.flv',
    options: win32('D:\\rec', [{ from: 'D:\\rec', to: '\\\\pc\\rec' }]),
    expected: { path: '\\\\pc\\rec\\a\\b\\c.flv', root: '\\\\pc\\rec' },
  },
  ...(
    [
      ['..\\..\\etc\\passwd', 'dot-dot'],
      ['a\\..\\..\\x.flv', 'dot-dot'],
      ['\\etc\\passwd', 'absolute'],
      ['/etc/passwd', 'absolute'],
      ['C:\\Windows\\x.exe', 'drive-letter'],
      ['\\\\server\\share\\x.flv', 'unc'],
      ['\\\\?\\C:\\x.flv', 'device-path'],
      ['\\\\.\\PhysicalDrive0', 'device-path'],
      // A POSIX recorder's name holding `\` is refused on a Windows desktop before its other rules.
      ['a\\CON.flv', 'reserved-name', 'invalid-char'],
      ['a\\nul', 'reserved-name', 'invalid-char'],
      ['a\\.. \\x.flv', 'invalid-name', 'invalid-char'],
      ['a\\b.flv:evil.exe', 'invalid-char'],
      ['a/CON.flv', 'reserved-name'],
      ['a/.. /x.flv', 'invalid-name'],
    ] as const
  ).flatMap(([relativePath, reason, onWindows = reason]): Row[] => [
    {
      name: `Windows recorder, POSIX desktop: ${relativePath} → ${reason}`,
      relativePath,
      options: posix('D:\\rec', [{ from: 'D:\\rec', to: '/Volumes/rec' }]),
      expected: { reason },
    },
    {
      name: `POSIX recorder, Windows desktop: ${relativePath} → ${onWindows}`,
      relativePath,
      options: win32('/rec', [{ from: '/rec', to: 'Z:\\rec' }]),
      expected: { reason: onWindows },
    },
  ]),
  ...(
    [
      ['../etc/passwd', 'dot-dot'],
      ['a/../../x.flv', 'dot-dot'],
      ['//server/share/x.flv', 'unc'],
      ['//?/C:/x.flv', 'device-path'],
    ] as const
  ).flatMap(([relativePath, reason]): Row[] => [
    {
      name: `POSIX recorder, POSIX desktop: ${relativePath} → ${reason}`,
      relativePath,
      options: posix('/rec', [{ from: '/rec', to: '/mnt/rec' }]),
      expected: { reason },
    },
    {
      name: `Windows recorder, Windows desktop: ${relativePath} → ${reason}`,
      relativePath,
      options: win32('D:\\rec'),
      expected: { reason },
    },
  ]),
];

describe('resolveRecordingPath, by the recorder’s path style', () => {
  test.each(recorderSideRows)('$name', ({ relativePath, options, expected }) => {
    const result = resolveRecordingPath(relativePath, options);
    if ('reason' in expected) expect(result).toMatchObject({ ok: false, reason: expected.reason });
    else expect(result).toEqual({ ok: true, ...expected });
  });

  // The root as the recorder sees it tells its path rules: `\` separates names for a drive or
  // UNC root (a Windows recorder), and is an ordinary name character under a `/` root.
  test.each([
    ['D:\\rec', '/mnt/x/a/b.flv'],
    ['d:/rec/', '/mnt/x/a/b.flv'],
    ['\\\\nas\\rec', '/mnt/x/a/b.flv'],
    ['//nas/rec', '/mnt/x/a/b.flv'],
    ['/rec', '/mnt/x/a\\b.flv'],
    ['/Volumes/rec', '/mnt/x/a\\b.flv'],
  ] as const)('the recorder at %s: a\\b.flv on this POSIX machine is %s', (root, path) => {
    const result = resolveRecordingPath('a\\b.flv', posix(root, [{ from: root, to: '/mnt/x' }]));
    expect(result).toEqual({ ok: true, path, root: '/mnt/x' });
  });

  test.each([
    ['rec', 'bad-root'],
    ['', 'no-root'],
  ] as const)('a recording root %j is refused (%s)', (root, reason) => {
    expect(resolveRecordingPath('a.flv', posix(root))).toMatchObject({ ok: false, reason });
  });
});

describe('resolveRecordingPath', () => {
  test.each(rows)('$name', ({ relativePath, options, expected }) => {
    const result = resolveRecordingPath(relativePath, options);
    if ('reason' in expected) {
      expect(result).toMatchObject({ ok: false, reason: expected.reason });
      if (!result.ok) expect(result.message).not.toBe('');
    } else {
      expect(result).toEqual({ ok: true, ...expected });
    }
  });

  test('a refusal message never carries raw control characters', () => {
    const result = resolveRecordingPath('a.flv', posix('/rec\u0000/evil'));
    expect(result).toMatchObject({ ok: false, reason: 'bad-root' });
    // eslint-disable-next-line no-control-regex
    if (!result.ok) expect(result.message).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('isOpenableRecording', () => {
  test.each([
    ['/rec/a.flv', true],
    ['/rec/a.FLV', true],
    ['/rec/a.mp4', true],
    ['/rec/a.ts', true],
    ['/rec/a.m4s', true],
    ['/rec/a.mkv', true],
    ['/rec/a.xml', true],
    ['/rec/a.ass', true],
    ['/rec/cover.JPG', true],
    ['Z:\\rec\\cover.png', true],
    ['/rec/a.exe', false],
    ['/rec/a.desktop', false],
    ['Z:\\rec\\a.lnk', false],
    ['/rec/a.sh', false],
    ['Z:\\rec\\a.bat', false],
    ['/rec/a.flv.exe', false],
    ['/rec/a.exe.flv', true],
    ['/rec/.flv', false],
    ['/rec/flv', false],
    ['/rec/a.flv/', false],
  ] as const)('%s → %s', (path, openable) => {
    expect(isOpenableRecording(path)).toBe(openable);
  });
});

describe('fileActionFor', () => {
  const resolve = (relativePath: string, style: PathStyle = 'posix') =>
    resolveRecordingPath(relativePath, style === 'posix' ? posix() : win32());

  test('opens an existing recording only when the setting says so', () => {
    const resolved = resolve('a/b.flv');
    expect(fileActionFor(resolved, 'exists', true)).toEqual({
      kind: 'openFile',
      path: '/rec/a/b.flv',
    });
    expect(fileActionFor(resolved, 'exists', false)).toEqual({
      kind: 'showFile',
      path: '/rec/a/b.flv',
    });
  });

  test.each(['run.exe', 'app.desktop', 'link.lnk', 'x.sh', 'x.bat'])(
    'never opens %s, only shows it',
    (name) => {
      expect(fileActionFor(resolve(`a/${name}`), 'exists', true)).toEqual({
        kind: 'showFile',
        path: `/rec/a/${name}`,
      });
    },
  );

  test('a missing file is shown in its folder, not opened', () => {
    expect(fileActionFor(resolve('a\\b.flv', 'win32'), 'missing', true)).toEqual({
      kind: 'showFile',
      path: 'D:\\rec\\a\\b.flv',
    });
  });

  test('a file that resolves outside the root gets no action', () => {
    expect(fileActionFor(resolve('a/b.flv'), 'outside-root', true)).toBeUndefined();
  });

  test('a refused path gets no action, whatever the file system says', () => {
    expect(fileActionFor(resolve('../b.flv'), 'exists', true)).toBeUndefined();
    expect(
      fileActionFor(resolveRecordingPath('a.flv', posix('')), undefined, false),
    ).toBeUndefined();
  });
});
