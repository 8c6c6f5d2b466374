import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '../../shared/settings';
import { createApp } from '../../main/app/create-app';
import { runDesktopApp, type DesktopApp } from '../../main/electron/desktop-app';
import { fakeDesktop, type FakeDesktop } from '../fakes/fake-desktop-electron';
import { offlineOverrides } from '../fakes/offline-overrides';

/** The desktop app on a fake Electron, its temp folder, and how to clean up. */
export interface FakeDesktopLaunch {
  desktop: FakeDesktop;
  /** runDesktopApp's promise, not awaited: a test may act during start-up. */
  starting: Promise<DesktopApp | null>;
  root: string;
  /** Quits the app if it still runs and removes its folder. */
  dispose(): Promise<void>;
}

/**
 * Starts the desktop host on a fake Electron over the real app object in a temp folder (stored
 * default settings: not a first run), listening on any free port, with no recorder.
 */
export async function launchFakeDesktop(
  options: { argv?: string[]; hasLock?: boolean } = {},
): Promise<FakeDesktopLaunch> {
  const root = await mkdtemp(join(tmpdir(), 'fake-desktop-'));
  const paths = { userData: join(root, 'userData'), logs: join(root, 'logs') };
  await mkdir(paths.userData, { recursive: true });
  await writeFile(join(paths.userData, 'settings.json'), JSON.stringify(defaultSettings()));
  const desktop = fakeDesktop({ paths, ...(options.argv ? { argv: options.argv } : {}) });
  desktop.app.hasLock = options.hasLock ?? true;
  const starting = runDesktopApp(desktop.electron, {
    distDir: '/dist',
    createApp: (ports) =>
      createApp({
        ...ports,
        overrides: offlineOverrides(),
      }),
  });
  return {
    desktop,
    starting,
    root,
    dispose: async () => {
      await (await starting)?.quit();
      await rm(root, { recursive: true, force: true });
    },
  };
}
