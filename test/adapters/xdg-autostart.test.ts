import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartDesktopEntry,
  defaultAutostartDir,
  quoteExecArgument,
  XdgAutostart,
} from '../../main/adapters/xdg-autostart';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'xdg-autostart-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('autostartDesktopEntry', () => {
  it('writes a valid desktop entry that starts the app hidden', () => {
    expect(
      autostartDesktopEntry({
        name: 'Recorder Tray',
        executable: '/opt/Recorder Tray/recorder-tray',
        args: ['--hidden'],
        comment: 'BililiveRecorder companion',
        icon: 'recorder-tray',
      }),
    ).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Version=1.0',
        'Name=Recorder Tray',
        'Comment=BililiveRecorder companion',
        'Exec="/opt/Recorder Tray/recorder-tray" --hidden',
        'Icon=recorder-tray',
        'Terminal=false',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    );
  });

  it('quotes and escapes Exec arguments as the Desktop Entry spec says', () => {
    expect(quoteExecArgument('/usr/bin/app')).toBe('/usr/bin/app');
    expect(quoteExecArgument('/home/me/My Apps/a.AppImage')).toBe('"/home/me/My Apps/a.AppImage"');
    expect(quoteExecArgument('/x/$HOME/`id`/"q"')).toBe('"/x/\\$HOME/\\`id\\`/\\"q\\""');
    expect(quoteExecArgument('/x/100%')).toBe('/x/100%%');
    expect(quoteExecArgument('')).toBe('""');
    expect(() => quoteExecArgument('/x\nType=Evil')).toThrow(/line break/);
    // A backslash is escaped for the quoting, then again as a string value of the file.
    const entry = autostartDesktopEntry({ name: 'R', executable: '/a\\b c', args: [] });
    expect(entry).toContain('Exec="/a\\\\\\\\b c"\n');
  });

  it('finds the autostart folder from XDG_CONFIG_HOME or the home folder', () => {
    expect(defaultAutostartDir({ XDG_CONFIG_HOME: '/cfg' }, '/home/me')).toBe(
      path.join('/cfg', 'autostart'),
    );
    expect(defaultAutostartDir({}, '/home/me')).toBe(path.join('/home/me', '.config', 'autostart'));
    expect(defaultAutostartDir({ XDG_CONFIG_HOME: 'relative' }, '/home/me')).toBe(
      path.join('/home/me', '.config', 'autostart'),
    );
  });
});

describe('XdgAutostart', () => {
  it('writes and removes recorder-tray.desktop in the given folder', async () => {
    const autostart = new XdgAutostart({
      dir: path.join(dir, 'autostart'),
      entry: { name: 'Recorder Tray', executable: '/opt/rt/recorder-tray', args: ['--hidden'] },
    });
    expect(autostart.path).toBe(path.join(dir, 'autostart', 'recorder-tray.desktop'));
    expect(await autostart.state()).toBe('missing');
    await autostart.set(true);
    expect(await readFile(autostart.path, 'utf8')).toContain(
      'Exec=/opt/rt/recorder-tray --hidden\n',
    );
    expect(await autostart.state()).toBe('enabled');
    await autostart.set(false);
    expect(await autostart.state()).toBe('missing');
    await autostart.set(false); // already gone: fine
  });

  it('reports an entry the desktop switched off as disabled', async () => {
    const autostart = new XdgAutostart({ dir, entry: { name: 'R', executable: '/r', args: [] } });
    await autostart.set(true);
    await writeFile(autostart.path, `${await readFile(autostart.path, 'utf8')}Hidden=true\n`);
    expect(await autostart.state()).toBe('disabled');
  });

  it('follows an AppImage an update renamed, keeping the rest of the entry as the desktop left it', async () => {
    const entry = {
      name: 'R',
      executable: '/home/u/RT-0.1.0.AppImage',
      args: ['--no-sandbox', '--hidden'],
    };
    const autostart = new XdgAutostart({ dir, entry });
    expect(autostart.retargetSync('/home/u/RT-0.2.0.AppImage')).toBe(false);
    expect(await autostart.state()).toBe('missing');

    await new XdgAutostart({ dir, entry }).set(true);
    await writeFile(autostart.path, `${await readFile(autostart.path, 'utf8')}Hidden=true\n`);
    expect(autostart.retargetSync('/home/u/RT 0.2.0.AppImage')).toBe(true);
    const text = await readFile(autostart.path, 'utf8');
    expect(text).toContain('Exec="/home/u/RT 0.2.0.AppImage" --no-sandbox --hidden\n');
    expect(text).not.toContain('0.1.0');
    expect(text).toContain('Hidden=true');
    expect(await autostart.state()).toBe('disabled');
  });
});
