import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { clickMenu } from '../fakes/fake-desktop-electron';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';
import { startUpdateFeed } from '../fakes/update-feed';
import {
  cleanups,
  launch,
  menuIds,
  updatePopups,
  type Menu,
} from '../helpers/desktop-updates-launch';

// The desktop app with its updater: a fake Electron at the glue's seams, electron-updater's real
// AppImageUpdater over a fake of Electron's app, a loopback feed. What the user sees: one popup, a
// tray item "Restart to update to vX", the version in the tooltip, the notes in the state.

describe('the desktop app updating itself', () => {
  it('tells once: a popup and a tray item, the version in the tooltip, the notes in the state', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, started, root } = await launch(feed, { check: true, feedUrl: '' });
    const tray = desktop.trays[0]!;
    expect(tray.toolTip.split('\n')[0]).toBe('Recorder Tray 0.0.0-test');

    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    const item = (tray.menu as Menu).find((entry) => entry.id === 'install-update');
    expect(item?.label).toBe('Restart to update to v0.2.0');
    expect(updatePopups(desktop).map((n) => [n.options.title, n.shown])).toEqual([
      ['Recorder Tray v0.2.0 is downloaded', true],
    ]);
    expect(started.app.state().update).toEqual({
      version: '0.2.0',
      notes: 'Fixed\n• Popups on Windows',
      action: 'restart',
    });
    expect(JSON.parse(await readFile(join(root, 'userData', 'update.json'), 'utf8'))).toEqual({
      told: '0.2.0',
    });

    // The next check (every 6 hours) finds the same download: no second popup.
    expect(await started.updates!.checkNow()).toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(updatePopups(desktop)).toHaveLength(1);
  });

  it('restarts into the update only when asked, after the app stopped; the restart loses nothing', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, made, started, root } = await launch(feed, { check: true, feedUrl: '' });
    const tray = desktop.trays[0]!;
    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    const updater = made[0]!;
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    // A go-live answered just before the restart, still in the policy's 2-second group window.
    const webhook = fixtureText('synthesized/webhook-v2-StreamStarted.json');
    expect((await postWebhook(started.app.webhookUrl(), webhook)).status).toBe(204);

    clickMenu(tray.menu as Menu, 'install-update');
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledWith(true, true));
    // The shell came down and the app stopped before the installer was started.
    expect(tray.destroyed).toBe(true);
    expect(desktop.windows[0]!.destroyed).toBe(true);

    // The updated app starts on the same data folder. The go-live was decided as the app stopped
    // (the policy's window flushed), committed as owed and popped up then: shown once in all, by
    // one of the two runs (had the first been killed before its popup, the next shows it).
    const next = await launch(feed, { check: true, feedUrl: '' }, true, root);
    // Told before the restart: the same update is not announced again.
    await vi.waitFor(() =>
      expect(menuIds(next.desktop.trays[0]!.menu as Menu)).toContain('install-update'),
    );
    expect(updatePopups(next.desktop)).toEqual([]);
    expect(goLives(desktop) + goLives(next.desktop)).toBe(1);
  });

  it('makes no request and no updater while the setting is off', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, started, made } = await launch(feed, { check: false, feedUrl: '' });
    expect(await started.updates!.checkNow()).toEqual({ kind: 'off' });
    expect(made).toEqual([]);
    expect(feed.requests).toEqual([]);
    expect(menuIds(desktop.trays[0]!.menu as Menu)).not.toContain('install-update');
    expect(updatePopups(desktop)).toEqual([]);
  });

  it('never checks in a development run', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { started, made, root } = await launch(feed, { check: true, feedUrl: '' }, false);
    expect(started.updates).toBeUndefined();
    expect(made).toEqual([]);
    expect(feed.requests).toEqual([]);
    expect(existsSync(join(root, 'userData', 'update.json'))).toBe(false);
  });
});

describe('how each kind of install takes an update', () => {
  it('brings the app back as it was when installing fails, and the next run says why', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, started, root, adapter } = await launch(
      feed,
      { check: true, feedUrl: '' },
      true,
      undefined,
      { realInstall: true },
    );
    const tray = desktop.trays[0]!;
    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    const webhook = fixtureText('synthesized/webhook-v2-StreamStarted.json');
    expect((await postWebhook(started.app.webhookUrl(), webhook)).status).toBe(204);
    // electron-updater refuses to replace this AppImage (a path it cannot trust), before touching it.
    vi.stubEnv('APPIMAGE', 'relative/Recorder-Tray.AppImage');

    clickMenu(tray.menu as Menu, 'install-update');
    await vi.waitFor(() => expect(desktop.app.quitted).toBe(true));
    expect(adapter.quits).toBe(0);
    // Started again with the same executable and arguments (Electron's default), not left dark.
    expect(desktop.app.relaunches).toEqual([{}]);
    expect(desktop.log.lines.join('\n')).toMatch(
      /error updates: the install failed \(APPIMAGE env is not a valid absolute path/,
    );

    // The run that follows: the same version, the webhook answered before, and why.
    const next = await launch(feed, { check: true, feedUrl: '' }, true, root);
    const titles = () => next.desktop.notifications.map((n) => n.options.title);
    await vi.waitFor(
      () => expect(titles()).toContain('Recorder Tray v0.2.0 could not be installed'),
      { timeout: 10_000 },
    );
    // The go-live answered before the install: shown once, as the app stopped or after it.
    expect(goLives(desktop) + goLives(next.desktop)).toBe(1);
    const told = next.desktop.notifications.find((n) =>
      String(n.options.title).includes('could not be installed'),
    );
    expect(String(told?.options.body)).toMatch(
      /started again as it was.*not a valid absolute path/,
    );
    await vi.waitFor(() =>
      expect(next.started.app.state().update?.failed).toMatch(/absolute path/),
    );
    expect(existsSync(join(root, 'userData', 'update-failed.json'))).toBe(false);
  });

  it('a .deb never installs at quit: "a new version is ready: install", installed when chosen', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, made } = await launch(feed, { check: true, feedUrl: '' }, true, undefined, {
      resources: { 'package-type': 'deb\n' },
    });
    const tray = desktop.trays[0]!;
    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    const updater = made[0]!;
    // No install on quit: DebUpdater would run pkexec or sudo then, asking for the password.
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.autoDownload).toBe(true);
    const item = (tray.menu as Menu).find((entry) => entry.id === 'install-update');
    expect(item?.label).toBe('A new version is ready: install v0.2.0');
    expect(desktop.notifications.map((n) => n.options.title)).toContain(
      'Recorder Tray v0.2.0: a new version is ready',
    );

    // DebUpdater will install with one `apt install` (one password prompt), not dpkg then apt-get.
    expect(desktop.electron.env.ELECTRON_BUILDER_LINUX_PACKAGE_MANAGER).toBe('apt');

    clickMenu(tray.menu as Menu, 'install-update');
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledWith(true, true));
  });

  it('an ad-hoc signed Mac build offers the download instead of downloading what it cannot apply', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { desktop, made, started } = await launch(
      feed,
      { check: true, feedUrl: '' },
      true,
      undefined,
      { platform: 'darwin' },
    );
    const tray = desktop.trays[0]!;
    await vi.waitFor(() => expect(menuIds(tray.menu as Menu)).toContain('install-update'), {
      timeout: 10_000,
    });
    expect(made[0]!.autoDownload).toBe(false);
    expect(made[0]!.autoInstallOnAppQuit).toBe(false);
    expect(feed.requests.filter((path) => path.endsWith('.AppImage'))).toEqual([]);
    expect(started.app.state().update).toMatchObject({ version: '0.2.0', action: 'download' });
    const item = (tray.menu as Menu).find((entry) => entry.id === 'install-update');
    expect(item?.label).toBe('Download the new version v0.2.0');
    expect(desktop.notifications.map((n) => n.options.title)).toContain(
      'Recorder Tray v0.2.0 is out',
    );
    // The next check finds it again: offered, not announced twice, nothing downloaded.
    expect(await started.updates!.checkNow()).toEqual({ kind: 'available', version: '0.2.0' });
    expect(
      desktop.notifications.filter((n) => n.options.title === 'Recorder Tray v0.2.0 is out'),
    ).toHaveLength(1);

    clickMenu(tray.menu as Menu, 'install-update');
    // The app-update.yml here names a generic feed (the loopback one) and the feed lists no dmg
    // or zip: its folder opens. (With the GitHub provider, the release's page: update-route.test.ts.)
    await vi.waitFor(() => expect(desktop.shell.external).toEqual([feed.releasesUrl]));
    expect(made[0]!.quitAndInstall).not.toHaveBeenCalled();
    expect(desktop.trays[0]!.destroyed).toBe(false);
  });
});

/** How many times a desktop popped up the fixture's go-live. */
function goLives(desktop: { notifications: { options: { title?: string } }[] }): number {
  return desktop.notifications.filter((n) => n.options.title === '3号直播间 is live').length;
}
