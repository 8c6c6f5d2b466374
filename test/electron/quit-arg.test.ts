// `--quit`: how a script, or the release workflow's smoke test on Windows, ends the running app
// the way its tray's Quit does (Windows has no signal a GUI process catches).
import { afterEach, describe, expect, it } from 'vitest';
import { asksToQuit, secondInstanceShowsWindow } from '../../main/electron/startup';
import { launchFakeDesktop, type FakeDesktopLaunch } from '../helpers/fake-desktop-launch';

const launches: FakeDesktopLaunch[] = [];
afterEach(async () => {
  for (const launch of launches.splice(0)) await launch.dispose();
});
async function launch(options: Parameters<typeof launchFakeDesktop>[0]) {
  const launched = await launchFakeDesktop(options);
  launches.push(launched);
  return launched;
}

const EXE = 'C:\\Users\\u\\AppData\\Local\\Programs\\Recorder Tray\\Recorder Tray.exe';

describe('--quit', () => {
  it('is a request to quit, never one to show the window', () => {
    expect(asksToQuit([EXE, '--quit'])).toBe(true);
    expect(asksToQuit([EXE])).toBe(false);
    expect(secondInstanceShowsWindow([EXE, '--quit'])).toBe(false);
  });

  it('starts nothing when no instance runs', async () => {
    const { desktop, starting } = await launch({ argv: [EXE, '--quit'] });
    expect(await starting).toBeNull();
    expect(desktop.app.quitted).toBe(true);
    expect(desktop.trays).toHaveLength(0);
    expect(desktop.logsDirs).toHaveLength(0);
  });

  it('quits the running instance as its tray does: the app stops, then Electron quits', async () => {
    const { desktop, starting } = await launch({ argv: [EXE, '--hidden'] });
    const running = (await starting)!;
    expect(running.app.state().listener.running).toBe(true);
    desktop.app.emit('second-instance', {}, [EXE, '--quit']);
    await expect.poll(() => desktop.app.quitted).toBe(true);
    expect(running.app.state().listener.running).toBe(false);
    expect(desktop.trays[0]!.destroyed).toBe(true);
  });

  it('arriving during start-up, quits once the app has started', async () => {
    const { desktop, starting } = await launch({ argv: [EXE, '--hidden'] });
    desktop.app.emit('second-instance', {}, [EXE, '--quit']);
    const running = (await starting)!;
    await expect.poll(() => desktop.app.quitted).toBe(true);
    expect(running.app.state().listener.running).toBe(false);
  });
});
