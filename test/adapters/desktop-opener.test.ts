import { describe, expect, it } from 'vitest';
import {
  createDesktopOpener,
  openCommand,
  revealCommand,
} from '../../main/adapters/desktop-opener';

describe('desktop opener', () => {
  it.each([
    ['linux', ['xdg-open', ['https://live.bilibili.com/1']]],
    ['darwin', ['open', ['https://live.bilibili.com/1']]],
    ['win32', ['explorer.exe', ['https://live.bilibili.com/1']]],
  ] as const)('opens on %s with %j', (platform, expected) => {
    expect(openCommand('https://live.bilibili.com/1', platform)).toEqual(expected);
  });

  it('reveals a file per platform, the path always one argv entry', () => {
    const path = '/rec/a b/录制 "x" ; rm -rf ~.flv';
    expect(revealCommand(path, 'linux')).toEqual(['xdg-open', ['/rec/a b']]);
    expect(revealCommand(path, 'darwin')).toEqual(['open', ['-R', path]]);
    expect(revealCommand('C:\\rec\\a.flv', 'win32')).toEqual([
      'explorer.exe',
      ['/select,C:\\rec\\a.flv'],
    ]);
  });

  it('reports a failure to start the opener as openPath’s error text', async () => {
    const calls: [string, string[]][] = [];
    const opener = createDesktopOpener('linux', async (command, args) => {
      calls.push([command, args]);
      throw new Error('spawn xdg-open ENOENT');
    });
    expect(await opener.openPath('/rec/a.flv')).toMatch(/ENOENT/);
    opener.showItemInFolder('/rec/a.flv');
    await expect(opener.openExternal('https://live.bilibili.com/2')).rejects.toThrow(/ENOENT/);
    expect(calls.map((c) => c[0])).toEqual(['xdg-open', 'xdg-open', 'xdg-open']);
  });
});
