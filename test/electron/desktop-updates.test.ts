import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '../../shared/settings';
import { createApp } from '../../main/app/create-app';
import { runDesktopApp, type DesktopApp } from '../../main/electron/desktop-app';
import { clickMenu, fakeDesktop, type FakeDesktop } from '../fakes/fake-desktop-electron';
import { useNodeHttp } from '../fakes/node-http-executor';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';
import { fakeUpdaterApp, startUpdateFeed, type UpdateFeed } from '../fakes/update-feed';
import { CLOSED_LIVE_API_HOST } from '../helpers/headless-process';

// The desktop app with its updater: a fake Electron at the glue's seams, electron-updater's real
// AppImageUpdater over a fake of Electron's app, a loopback feed. What the user sees: one popup, a
// tray item "Restart to update to vX", the version in the tooltip, the notes in the state.

const cleanups: (() => Promise<void>)[] = [];
const running: { started: DesktopApp | null; root: string }[] = [];

afterEach(async () => {
  for (const { started, root } of running.splice(0)) {
    await started?.quit();
    await rm(root, { recursive: true, force: true });
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.unstubAllEnvs();
});

type Menu = MenuItemConstructorOptions[];

/** Starts the desktop app in a new temp folder, or again in `again`'s (a restart). */
async function launch(
  feed: UpdateFeed,
  updates: Settings['updates'],
  isPackaged = true,
  again?: string,
) {
  const root = again ?? (await mkdtemp(join(tmpdir(), 'desktop-updates-')));
  const paths = { userData: join(root, 'userData'), logs: join(root, 'logs') };
  await mkdir(paths.userData, { recursive: true });
  if (again === undefined)
    await writeFile(
      join(paths.userData, 'settings.json'),
      JSON.stringify({ ...defaultSettings(), language: 'en', updates }),
    );
  const appImage = join(root, 'Recorder-Tray.AppImage');
  await writeFile(appImage, 'the running version');
  vi.stubEnv('APPIMAGE', appImage);
  const desktop: FakeDesktop = fakeDesktop({ paths });
  desktop.app.isPackaged = isPackaged;
  const adapter = await fakeUpdaterApp(root, desktop.app.getVersion(), feed.releasesUrl);
  const made: AppImageUpdater[] = [];
  desktop.electron.updater = () => {
    const updater = new AppImageUpdater(null, adapter);
    useNodeHttp(updater);
    // Installing replaces the running AppImage: recorded here, electron-updater's own business.
    vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
    made.push(updater);
    return updater;
  };
  const started = await runDesktopApp(desktop.electron, {
    distDir: '/dist',
    createApp: (ports) =>
      createApp({
        ...ports,
        overrides: {
          apply: (s) => ({
            ...s,
            listener: { ...s.listener, port: 0 },
            recorders: s.recorders.map((r) => ({ ...r, url: '' })),
            pictures: { ...s.pictures, liveApiHost: CLOSED_LIVE_API_HOST },
          }),
          locked: [],
        },
      }),
  });
  running.push({ started, root });
  return { desktop, started: started!, made, root };
}

const menuIds = (menu: Menu | null) => (menu ?? []).map((item) => item.id);
const updatePopups = (desktop: FakeDesktop) =>
  desktop.notifications.filter((n) => String(n.options.title).includes('is downloaded'));

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

    // The updated app starts on the same data folder: the go-live comes from the journal.
    const next = await launch(feed, { check: true, feedUrl: '' }, true, root);
    await vi.waitFor(
      () =>
        expect(next.desktop.notifications.map((n) => n.options.title)).toContain(
          '3号直播间 is live',
        ),
      { timeout: 10_000 },
    );
    // Told before the restart: the same update is not announced again.
    await vi.waitFor(() =>
      expect(menuIds(next.desktop.trays[0]!.menu as Menu)).toContain('install-update'),
    );
    expect(updatePopups(next.desktop)).toEqual([]);
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
