import { describe, expect, it } from 'vitest';
import { ShellActions, type PathChecker } from '../../main/core/shell-actions';
import { FakeShell } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

const SAFE_VIDEO = '/rec/23058-name/录制-23058.flv';
const SAFE_OTHER = '/rec/23058-name/cover.txt';

/** Opens only the one video, shows files under /rec, refuses everything else. */
const checker: PathChecker = (path, use) => {
  if (use === 'open') return path === SAFE_VIDEO ? path : null;
  return path.startsWith('/rec/') && !path.includes('..') ? path : null;
};

function setup(checkPath: PathChecker = checker) {
  const shell = new FakeShell();
  const log = memoryLogger();
  let windows = 0;
  const actions = new ShellActions({
    shell,
    recorderBaseUrls: () => ['http://127.0.0.1:2356'],
    checkPath,
    openWindow: () => (windows += 1),
    log,
  });
  return { shell, log, actions, windows: () => windows };
}

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'file:///etc/passwd',
  'file://C:/Windows/System32/calc.exe',
  'https://live.bilibili.com.evil.com/1',
  'https://live.bilibili.com/1?x',
  'smb://evil/share/x.exe',
  '\\\\evil\\share\\x.exe',
  'ms-settings:',
  'http://127.0.0.1:2356/api/room/1/stop',
  'http://127.0.0.1:2356@evil.com/ui/',
  SAFE_VIDEO,
];

const HOSTILE_PATHS = [
  '/etc/passwd',
  'C:\\Windows\\System32\\calc.exe',
  '\\\\evil\\share\\payload.exe',
  '/rec/../home/user/.ssh/id_rsa',
  'https://live.bilibili.com/1',
  'javascript:alert(1)',
];

describe('ShellActions', () => {
  it('opens live rooms and the recorder pages', async () => {
    const { shell, actions } = setup();
    expect(
      await actions.runAction({ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }),
    ).toBe(true);
    expect(await actions.openUrl('http://127.0.0.1:2356/ui/')).toBe(true);
    expect(await actions.openUrl('http://127.0.0.1:2356/swagger/')).toBe(true);
    expect(shell.external).toEqual([
      'https://live.bilibili.com/23058',
      'http://127.0.0.1:2356/ui/',
      'http://127.0.0.1:2356/swagger/',
    ]);
  });

  it.each(HOSTILE_URLS)('never hands %j to openExternal', async (url) => {
    const { shell, actions, log } = setup();
    expect(await actions.runAction({ kind: 'openUrl', url })).toBe(false);
    expect(shell.external).toEqual([]);
    expect(shell.opened).toEqual([]);
    expect(log.lines).toEqual([`warn shell: refused to open URL ${JSON.stringify(url)}`]);
  });

  it('opens a checked file, and shows one that may only be shown', async () => {
    const { shell, actions } = setup();
    expect(await actions.runAction({ kind: 'openFile', path: SAFE_VIDEO })).toBe(true);
    expect(await actions.runAction({ kind: 'openFile', path: SAFE_OTHER })).toBe(true);
    expect(await actions.runAction({ kind: 'showFile', path: SAFE_VIDEO })).toBe(true);
    expect(shell.opened).toEqual([SAFE_VIDEO]);
    expect(shell.shown).toEqual([SAFE_OTHER, SAFE_VIDEO]);
  });

  it.each(HOSTILE_PATHS)(
    'never hands %j to openPath, showItemInFolder or openExternal',
    async (path) => {
      const { shell, actions } = setup();
      expect(await actions.runAction({ kind: 'openFile', path })).toBe(false);
      expect(await actions.runAction({ kind: 'showFile', path })).toBe(false);
      expect(shell.opened).toEqual([]);
      expect(shell.shown).toEqual([]);
      expect(shell.external).toEqual([]);
    },
  );

  it('uses the path the checker returns (resolved), not the one it was given', async () => {
    const { shell, actions } = setup((path) => (path === 'link.flv' ? '/rec/real.flv' : null));
    await actions.runAction({ kind: 'openFile', path: 'link.flv' });
    expect(shell.opened).toEqual(['/rec/real.flv']);
  });

  it('refuses when the checker throws, and reports an openPath failure', async () => {
    const throwing = setup(() => {
      throw new Error('EACCES');
    });
    expect(await throwing.actions.runAction({ kind: 'openFile', path: SAFE_VIDEO })).toBe(false);
    expect(throwing.shell.opened).toEqual([]);
    const failing = setup();
    failing.shell.openPathResult = 'No application is associated';
    expect(await failing.actions.openFile(SAFE_VIDEO)).toBe(false);
    expect(failing.log.lines.at(-1)).toMatch(
      /^error shell: could not open .*No application is associated$/,
    );
  });

  it('opens the window', async () => {
    const { actions, windows } = setup();
    expect(await actions.runAction({ kind: 'openWindow' })).toBe(true);
    expect(windows()).toBe(1);
  });
});
