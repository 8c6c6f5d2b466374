import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { clickMenu } from '../fakes/fake-desktop-electron';
import { startUpdateFeed } from '../fakes/update-feed';
import { cleanups, launch, menuIds, type Menu } from '../helpers/desktop-updates-launch';

// An AppImage updating itself for real: electron-updater's AppImageUpdater deletes the running
// file, moves the download in under the new version's name and runs it once with
// APPIMAGE_EXIT_AFTER_INSTALL (as electron-builder's AppRun reads it: install, do not start). The
// downloaded "AppImage" is a shell script that exits at once, so this test needs a POSIX shell
// (the Linux set). What the app must do around it: follow the rename in the autostart entry and
// start the new file itself, with the --no-sandbox this run needed.

const SCRIPT = Buffer.from('#!/bin/sh\nexit 0\n');

describe('an AppImage update', () => {
  it("relaunches the renamed AppImage with this run's flags and points the autostart entry at it", async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0', appImage: SCRIPT });
    const { desktop, made, root, adapter } = await launch(
      feed,
      { check: true, feedUrl: '' },
      true,
      undefined,
      {
        realInstall: true,
        appImageName: 'Recorder-Tray-0.1.0.AppImage',
        settings: { startAtLogin: true },
        argv: ['/tmp/.mount_RecordAbc/recorder-tray', '--no-sandbox', '--hidden'],
        env: (dir) => ({
          XDG_CONFIG_HOME: join(dir, 'config'),
          APPIMAGE: join(dir, 'Recorder-Tray-0.1.0.AppImage'),
        }),
      },
    );
    const old = join(root, 'Recorder-Tray-0.1.0.AppImage');
    const renamed = join(root, 'Recorder-Tray-0.2.0.AppImage');
    const entry = join(root, 'config', 'autostart', 'recorder-tray.desktop');
    await vi.waitFor(() => expect(existsSync(entry)).toBe(true));
    expect(await readFile(entry, 'utf8')).toContain(`Exec=${old} --no-sandbox --hidden\n`);
    const tray = desktop.trays[0]!;
    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    const quitAndInstall = made[0]!.quitAndInstall;

    clickMenu(tray.menu as Menu, 'install-update');
    await vi.waitFor(() => expect(desktop.app.quitted).toBe(true), { timeout: 10_000 });
    // electron-updater does not start the new file itself (it would drop --no-sandbox)...
    expect(quitAndInstall).toHaveBeenCalledWith(true, false);
    expect(adapter.quits).toBe(1);
    // ...the app does, once it has quit: the new file, not the mount, with this run's arguments.
    expect(desktop.app.relaunches).toEqual([
      { execPath: renamed, args: ['--no-sandbox', '--hidden'] },
    ]);
    expect(existsSync(old)).toBe(false);
    expect((await readFile(renamed)).equals(SCRIPT)).toBe(true);
    expect(await readFile(entry, 'utf8')).toContain(`Exec=${renamed} --no-sandbox --hidden\n`);
    expect(desktop.log.lines.join('\n')).not.toMatch(/install failed/);
  });
});
