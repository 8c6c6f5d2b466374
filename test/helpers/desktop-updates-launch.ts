// Starts the desktop app with its updater for the update tests: a fake Electron at the glue's
// seams, electron-updater's real AppImageUpdater over a fake of Electron's app, a loopback feed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, vi } from 'vitest';
import { defaultSettings, type Settings } from '../../shared/settings';
import { createApp } from '../../main/app/create-app';
import { runDesktopApp, type DesktopApp } from '../../main/electron/desktop-app';
import { fakeDesktop, type FakeDesktop } from '../fakes/fake-desktop-electron';
import { useNodeHttp } from '../fakes/node-http-executor';
import { fakeUpdaterApp, type UpdateFeed } from '../fakes/update-feed';
import { offlineOverrides } from '../fakes/offline-overrides';

/** What each test started, undone after it (the feeds, the apps, their folders). */
export const cleanups: (() => Promise<void>)[] = [];
const running: { started: DesktopApp | null; root: string }[] = [];

afterEach(async () => {
  // Every app first: a restart's two runs share one folder.
  const done = running.splice(0);
  for (const { started } of done) await started?.quit();
  for (const root of new Set(done.map((entry) => entry.root)))
    await rm(root, { recursive: true, force: true });
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.unstubAllEnvs();
});

/** A tray menu as the fake Electron keeps it. */
export type Menu = MenuItemConstructorOptions[];

/** How a launch differs from an AppImage-less Linux run with the install recorded only. */
export interface LaunchOptions {
  /** Let electron-updater really install (else quitAndInstall is only recorded). */
  realInstall?: boolean;
  platform?: NodeJS.Platform;
  /** Files electron-builder puts in the resources folder (package-type, app-update.yml). */
  resources?: Record<string, string>;
  /** The host's environment and command line, and the running AppImage's file name. */
  env?: (root: string) => NodeJS.ProcessEnv;
  argv?: string[];
  appImageName?: string;
  settings?: Partial<Settings>;
}

/** Starts the desktop app in a new temp folder, or again in `again`'s (a restart). */
export async function launch(
  feed: UpdateFeed,
  updates: Settings['updates'],
  isPackaged = true,
  again?: string,
  options: LaunchOptions = {},
) {
  const root = again ?? (await mkdtemp(join(tmpdir(), 'desktop-updates-')));
  const paths = { userData: join(root, 'userData'), logs: join(root, 'logs') };
  await mkdir(paths.userData, { recursive: true });
  if (again === undefined)
    await writeFile(
      join(paths.userData, 'settings.json'),
      JSON.stringify({ ...defaultSettings(), language: 'en', updates, ...options.settings }),
    );
  const resourcesPath = join(root, 'resources');
  await mkdir(resourcesPath, { recursive: true });
  for (const [name, text] of Object.entries(options.resources ?? {}))
    await writeFile(join(resourcesPath, name), text);
  const appImage = join(root, options.appImageName ?? 'Recorder-Tray.AppImage');
  await writeFile(appImage, 'the running version');
  vi.stubEnv('APPIMAGE', appImage);
  const desktop: FakeDesktop = fakeDesktop({
    paths,
    resourcesPath,
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.env ? { env: options.env(root) } : {}),
    ...(options.argv ? { argv: options.argv } : {}),
  });
  desktop.app.isPackaged = isPackaged;
  const adapter = await fakeUpdaterApp(root, desktop.app.getVersion(), feed.releasesUrl);
  // electron-updater quits through Electron's app, as its ElectronAppAdapter does.
  adapter.quit = () => {
    adapter.quits += 1;
    desktop.app.quit();
  };
  const made: AppImageUpdater[] = [];
  desktop.electron.updater = () => {
    const updater = new AppImageUpdater(null, adapter);
    useNodeHttp(updater);
    // Installing replaces the running AppImage: recorded here, electron-updater's own business.
    vi.spyOn(updater, 'quitAndInstall').mockImplementation((isSilent, isForceRunAfter) => {
      if (!options.realInstall) return;
      // BaseUpdater.quitAndInstall as it is, but for the event it emits on Electron's own
      // autoUpdater (require('electron') is no Electron here): install, then quit on the next turn.
      if (updater.install(isSilent, isForceRunAfter)) setImmediate(() => adapter.quit());
    });
    made.push(updater);
    return updater;
  };
  const started = await runDesktopApp(desktop.electron, {
    distDir: '/dist',
    createApp: (ports) =>
      createApp({
        ...ports,
        overrides: offlineOverrides(),
      }),
  });
  running.push({ started, root });
  return { desktop, started: started!, made, root, adapter };
}

/** The ids of a tray menu's items. */
export const menuIds = (menu: Menu | null) => (menu ?? []).map((item) => item.id);
/** The popups saying an update is downloaded. */
export const updatePopups = (desktop: FakeDesktop) =>
  desktop.notifications.filter((n) => String(n.options.title).includes('is downloaded'));
