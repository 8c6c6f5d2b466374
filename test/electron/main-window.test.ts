import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../main/electron/app-protocol';
import { MainWindow } from '../../main/electron/main-window';
import { mainWindowOptions } from '../../main/electron/window-options';
import { FakeWindow } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

function setup() {
  const created: FakeWindow[] = [];
  const log = memoryLogger();
  const window = new MainWindow({
    createWindow: () => {
      const fake = new FakeWindow();
      created.push(fake);
      return fake.asHandle();
    },
    options: mainWindowOptions({ preloadPath: '/p.cjs', isDevelopment: false }),
    url: APP_ENTRY_URL,
    log,
  });
  return { window, created, log };
}

describe('MainWindow', () => {
  it('creates the window on demand, loads the app page and shows it when ready', () => {
    const { window, created } = setup();
    expect(window.isOpen()).toBe(false);
    window.show();
    const [fake] = created;
    expect(fake?.loadedUrl).toBe(APP_ENTRY_URL);
    expect(fake?.calls).toEqual([]);
    fake?.emit('ready-to-show');
    expect(fake?.calls).toEqual(['show', 'focus']);
  });

  it('focuses (and restores) the open window instead of making a second one', () => {
    const { window, created } = setup();
    window.show();
    const fake = created[0]!;
    fake.minimized = true;
    window.show();
    expect(created).toHaveLength(1);
    expect(fake.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('forgets a closed (destroyed) window and builds a fresh one next time', () => {
    const { window, created } = setup();
    window.show();
    created[0]!.close();
    expect(window.isOpen()).toBe(false);
    expect(window.webContents()).toBeUndefined();
    window.show();
    expect(created).toHaveLength(2);
    expect(window.webContents()).toBe(created[1]!.webContents);
  });

  it('denies navigation, new windows and webviews', () => {
    const { window, created, log } = setup();
    window.show();
    const contents = created[0]!.contents;
    let prevented = 0;
    const event = { preventDefault: () => (prevented += 1) };
    contents.emit('will-navigate', event, 'https://evil.example/');
    contents.emit('will-attach-webview', event);
    expect(prevented).toBe(2);
    expect(contents.openHandler?.({ url: 'https://live.bilibili.com/1' })).toEqual({
      action: 'deny',
    });
    expect(log.lines).toContain('warn window: navigation to https://evil.example/ denied');
  });

  it('denies every permission but the clipboard write from the app page', () => {
    const { window, created } = setup();
    window.show();
    const contents = created[0]!.contents;
    const ask = (permission: string, url: string) => {
      let granted: boolean | undefined;
      contents.permissionRequest?.({ getURL: () => url }, permission, (ok) => (granted = ok));
      return granted;
    };
    expect(ask('media', APP_ENTRY_URL)).toBe(false);
    expect(ask('notifications', APP_ENTRY_URL)).toBe(false);
    expect(ask('openExternal', APP_ENTRY_URL)).toBe(false);
    expect(ask('clipboard-sanitized-write', APP_ENTRY_URL)).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(contents.permissionCheck?.(undefined, 'geolocation', 'app://recorder-tray')).toBe(false);
    expect(
      contents.permissionCheck?.(undefined, 'clipboard-sanitized-write', 'app://recorder-tray'),
    ).toBe(true);
  });
});
