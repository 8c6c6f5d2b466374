import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_CHANNELS } from '../../shared/ipc-contract';
import { defaultSettings, type Settings } from '../../shared/settings';
import type { AppPorts, RunningApp } from '../../main/app/app-ports';
import { createApp } from '../../main/app/create-app';
import { APP_ENTRY_URL } from '../../main/electron/app-protocol';
import { runDesktopApp, type DesktopApp } from '../../main/electron/desktop-app';
import { clickMenu, fakeDesktop, type FakeDesktop } from '../fakes/fake-desktop-electron';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';
import { noticeNotification } from '../../main/app/sinks';
import { offlineOverrides } from '../fakes/offline-overrides';

const APP_URL = 'app://recorder-tray/index.html';
const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const FILE_CLOSED = fixtureText('synthesized/webhook-v2-FileClosed.json');

interface Launched {
  desktop: FakeDesktop;
  started: DesktopApp | null;
  root: string;
}

const launched: Launched[] = [];

afterEach(async () => {
  for (const { started, root } of launched.splice(0)) {
    await started?.quit();
    await rm(root, { recursive: true, force: true });
  }
});

/**
 * Runs the desktop app on a fake Electron over the real app object in a temp folder. `settings`: a
 * stored settings file (null: none, a first run). The listener takes any free port, no recorder.
 */
async function launch(
  options: {
    platform?: NodeJS.Platform;
    argv?: string[];
    settings?: Partial<Settings> | null;
    isPackaged?: boolean;
    hasLock?: boolean;
    env?: (root: string) => NodeJS.ProcessEnv;
    /** Wraps the app handle the desktop host gets (to watch what it subscribes to). */
    wrap?: (app: RunningApp) => RunningApp;
    /** Sees the ports the desktop host gives the app (its popup sink). */
    ports?: (ports: AppPorts) => void;
    /** Runs as the app is created (to see what the host did before). */
    beforeApp?: (desktop: FakeDesktop) => void;
  } = {},
): Promise<Launched> {
  const root = await mkdtemp(join(tmpdir(), 'desktop-app-'));
  const paths = { userData: join(root, 'userData'), logs: join(root, 'logs') };
  if (options.settings !== null) {
    await mkdir(paths.userData, { recursive: true });
    const settings = { ...defaultSettings(), ...options.settings };
    await writeFile(join(paths.userData, 'settings.json'), JSON.stringify(settings));
  }
  const desktop = fakeDesktop({
    paths,
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.argv ? { argv: options.argv } : {}),
    ...(options.env ? { env: options.env(root) } : {}),
  });
  desktop.app.isPackaged = options.isPackaged ?? false;
  desktop.app.hasLock = options.hasLock ?? true;
  const started = await runDesktopApp(desktop.electron, {
    distDir: '/dist',
    createApp: async (ports) => {
      options.ports?.(ports);
      options.beforeApp?.(desktop);
      const app = await createApp({
        ...ports,
        overrides: offlineOverrides((s) => ({
          language: 'en',
          notifications: { ...s.notifications, groupWindowSeconds: 0 },
        })),
      });
      return options.wrap ? options.wrap(app) : app;
    },
  });
  const result = { desktop, started, root };
  launched.push(result);
  return result;
}

function tray(desktop: FakeDesktop) {
  expect(desktop.trays).toHaveLength(1);
  return desktop.trays[0]!;
}

describe('runDesktopApp', () => {
  it("serves the rooms' cached pictures from the user data folder on app://, by key only", async () => {
    const { desktop, root } = await launch();
    const key = `${'0f'.repeat(20)}.png`;
    await mkdir(join(root, 'userData', 'pictures'), { recursive: true });
    await writeFile(join(root, 'userData', 'pictures', key), 'png bytes');
    const handle = desktop.protocolHandlers.get('app')!;
    const served = await handle(new Request(`app://recorder-tray/pictures/${key}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await served.text()).toBe('png bytes');
    const refused = await handle(new Request('app://recorder-tray/pictures/..%2Fsettings.json'));
    expect(refused.status).toBe(404);
  });

  it('quits at once when another instance holds the lock', async () => {
    const { desktop, started } = await launch({ hasLock: false });
    expect(started).toBeNull();
    expect(desktop.app.quitted).toBe(true);
    expect(desktop.trays).toHaveLength(0);
    expect(desktop.ipcMain.handlers.size).toBe(0);
  });

  it('starts with the tray, the app:// window, IPC over the app handlers and a log in the logs folder', async () => {
    const { desktop, started, root } = await launch();
    expect(desktop.protocols).toEqual(['app']);
    expect(desktop.logsDirs).toEqual([join(root, 'logs')]);
    expect(desktop.windows).toHaveLength(1);
    expect(desktop.windows[0]!.loadedUrl).toBe(APP_ENTRY_URL);
    expect(desktop.windowOptions[0]!.webPreferences).toMatchObject({
      preload: join('/dist', 'preload', 'preload.cjs'),
      sandbox: true,
      contextIsolation: true,
    });
    expect(tray(desktop).image).toBe(join('/dist', 'icons', 'tray', 'tray-idle.png'));
    expect(tray(desktop).toolTip).toContain('Recorder Tray');
    expect([...desktop.ipcMain.handlers.keys()].sort()).toEqual([...CALL_CHANNELS].sort());

    const state = (await desktop.ipcMain.invoke('state:get', APP_URL, {})) as {
      listener: { running: boolean; webhookUrl: string };
    };
    expect(state.listener.running).toBe(true);
    expect(state.listener.webhookUrl).toBe(started!.app.webhookUrl());
    await expect(desktop.ipcMain.invoke('state:get', 'https://evil.example/', {})).rejects.toThrow(
      'Refused',
    );
    const info = (await desktop.ipcMain.invoke('app:info', APP_URL, {})) as Record<string, unknown>;
    expect(info).toMatchObject({ dataDir: join(root, 'userData'), logsDir: join(root, 'logs') });
  });

  it('renders the tray, broadcasts to the window and pops up a notification for a webhook', async () => {
    const { desktop, started } = await launch();
    const response = await postWebhook(started!.app.webhookUrl(), STREAM_STARTED);
    expect(response.status).toBe(204);

    await vi.waitFor(() => expect(tray(desktop).image).toContain('tray-recording.png'), {
      timeout: 5000,
    });
    expect(tray(desktop).toolTip).toContain('3号直播间');
    const sent = () => desktop.windows[0]!.contents.sent.map((message) => message.channel);
    expect(sent()).toContain('state:changed');
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(1), { timeout: 5000 });
    const popup = desktop.notifications[0]!;
    expect(popup.shown).toBe(true);
    expect(popup.options.title).toBe('3号直播间 is live');
    // Sent after the commit, as the popup is: neither waits for the other.
    await vi.waitFor(() => expect(sent()).toContain('notification:added'));

    popup.click();
    await vi.waitFor(() =>
      expect(desktop.shell.external).toEqual(['https://live.bilibili.com/23058']),
    );
    clickMenu(tray(desktop).menu, 'live-rooms', 'live-room-23058');
    await vi.waitFor(() => expect(desktop.shell.external).toHaveLength(2));
    expect(desktop.shell.external[1]).toBe('https://live.bilibili.com/23058');
  });

  it('broadcasts files:changed to the window once a finished file is listed', async () => {
    const { desktop, started } = await launch();
    const response = await postWebhook(started!.app.webhookUrl(), FILE_CLOSED);
    expect(response.status).toBe(204);
    const cue = () =>
      desktop.windows[0]!.contents.sent.find((message) => message.channel === 'files:changed');
    await vi.waitFor(() => expect(cue()).toBeDefined(), { timeout: 5000 });
    const [file] = cue()!.args as [{ relativePath: string }];
    expect(file.relativePath).toBe(JSON.parse(FILE_CLOSED).EventData.RelativePath);
  });

  it('keeps the computer awake while a room records here; sleep is allowed when the setting is off or it ends', async () => {
    const { desktop, started } = await launch();
    const app = started!.app;
    const held = () => [...desktop.powerSaveBlocker.held.values()];
    expect(held()).toEqual([]);
    await postWebhook(app.webhookUrl(), fixtureText('synthesized/webhook-v2-SessionStarted.json'));
    await vi.waitFor(() => expect(held()).toEqual(['prevent-app-suspension']), { timeout: 5000 });
    await app.handlers['settings:update']({ keepAwake: false });
    await vi.waitFor(() => expect(held()).toEqual([]), { timeout: 5000 });
    await app.handlers['settings:update']({ keepAwake: true });
    await vi.waitFor(() => expect(held()).toHaveLength(1), { timeout: 5000 });
    await postWebhook(app.webhookUrl(), fixtureText('synthesized/webhook-v2-SessionEnded.json'));
    await vi.waitFor(() => expect(held()).toEqual([]), { timeout: 5000 });
  });

  it('puts old recordings into the OS trash (shell.trashItem) when a clean-up rule says trash', async () => {
    const recordings = await mkdtemp(join(tmpdir(), 'desktop-trash-'));
    const old = join(recordings, '1-a', '录制-1-old.flv');
    await mkdir(join(recordings, '1-a'));
    await writeFile(old, 'old');
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    await utimes(old, longAgo, longAgo);
    try {
      const { desktop } = await launch({
        settings: {
          recorders: [{ ...defaultSettings().recorders[0]!, recordingRoot: recordings }],
          cleanUp: { enabled: true, dryRun: false, rules: [{ keepDays: 7, then: 'trash' }] },
        },
      });
      await vi.waitFor(() => expect(desktop.trashed).toHaveLength(1), { timeout: 5000 });
      expect(existsSync(old)).toBe(false);
    } finally {
      await rm(recordings, { recursive: true, force: true });
    }
  });

  it('pops up a set-up notice (webhooks not arriving), and a click opens the window', async () => {
    let popups: AppPorts['popups'] | undefined;
    const { desktop } = await launch({ ports: (ports) => (popups = ports.popups) });
    const notice = {
      kind: 'webhooksMissing' as const,
      title: 'Webhooks do not seem to arrive',
      body: 'Paste the webhook URL into the recorder.',
    };
    // The app hands a notice to the host's popup sink (DecisionSinks.notice), as a link does.
    popups?.notice?.(noticeNotification(notice, Date.now()));
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(1));
    expect(desktop.notifications[0]!.options).toMatchObject({
      title: notice.title,
      body: notice.body,
    });
    const shown = () => desktop.windows.filter((w) => w.calls.includes('show')).length;
    const before = shown();
    desktop.notifications[0]!.click();
    await vi.waitFor(() => expect(shown()).toBeGreaterThan(before));
  });

  it('says in the tray menu when the system refuses popups, until one gets through', async () => {
    const { desktop, started } = await launch();
    await postWebhook(started!.app.webhookUrl(), STREAM_STARTED);
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(1), { timeout: 5000 });
    const ids = () => (tray(desktop).menu ?? []).map((item) => item.id);
    expect(ids()).not.toContain('popups-blocked');
    desktop.notifications[0]!.emit('failed', {}, 'Notifications are not allowed');
    await vi.waitFor(() => expect(ids()).toContain('popups-blocked'));
    const state = await desktop.ipcMain.invoke('state:get', APP_URL);
    expect(state).toMatchObject({
      popups: { blocked: true, reason: 'Notifications are not allowed' },
    });
    expect(desktop.log.lines).toContain(
      'warn notifier: the system refused a popup: Notifications are not allowed',
    );
    desktop.notifications[0]!.emit('show');
    await vi.waitFor(() => expect(ids()).not.toContain('popups-blocked'));
  });

  it('keeps running in the tray when the window closes, and opens a new window on demand', async () => {
    const { desktop } = await launch();
    desktop.windows[0]!.close();
    desktop.app.lastWindowClosed();
    expect(desktop.app.quitted).toBe(false);
    expect(desktop.app.calls).not.toContain('quit');

    clickMenu(tray(desktop).menu, 'open-window');
    expect(desktop.windows).toHaveLength(2);
    tray(desktop).clickListener?.();
    expect(desktop.windows).toHaveLength(2); // the open one is focused, not duplicated
    expect(desktop.windows[1]!.calls).toContain('focus');
  });

  it('starts hidden with --hidden; a second launch shows the window, a second login start does not', async () => {
    const { desktop } = await launch({ argv: ['/opt/recorder-tray', '--hidden'] });
    expect(desktop.windows).toHaveLength(0);
    desktop.app.emit('second-instance', {}, ['/opt/recorder-tray', '--hidden']);
    expect(desktop.windows).toHaveLength(0);
    desktop.app.emit('second-instance', {}, ['/opt/recorder-tray']);
    expect(desktop.windows).toHaveLength(1);
  });

  it('shows the window on a first run even when started with --hidden', async () => {
    const { desktop } = await launch({ settings: null, argv: ['/opt/recorder-tray', '--hidden'] });
    expect(desktop.windows).toHaveLength(1);
  });

  it('quits from the tray: the app stops first, then Electron quits', async () => {
    const { desktop, started } = await launch();
    const webhookUrl = started!.app.webhookUrl();
    clickMenu(tray(desktop).menu, 'quit');
    await vi.waitFor(() => expect(desktop.app.quitted).toBe(true));
    expect(tray(desktop).destroyed).toBe(true);
    expect(desktop.windows[0]!.destroyed).toBe(true);
    expect(desktop.ipcMain.handlers.size).toBe(0);
    expect(started!.app.state().listener.running).toBe(false);
    await expect(postWebhook(webhookUrl, STREAM_STARTED)).rejects.toThrow();
  });

  it('stops the app before a quit that came from elsewhere (an installer, the Dock)', async () => {
    const { desktop, started } = await launch();
    desktop.app.quit();
    expect(desktop.app.quitted).toBe(false); // held back until the journal is closed
    await vi.waitFor(() => expect(desktop.app.quitted).toBe(true));
    expect(started!.app.state().listener.running).toBe(false);
  });

  it('flushes and quits when the system shuts down (Linux, macOS): the shutdown waits for it', async () => {
    const { desktop, started } = await launch();
    expect(desktop.shutdown()).toBe(true); // preventDefault: the app asked for time
    await vi.waitFor(() => expect(desktop.app.quitted).toBe(true));
    expect(started!.app.state().listener.running).toBe(false);
  });

  it('flushes when Windows ends the session (no before-quit comes then)', async () => {
    const { desktop, started } = await launch({ platform: 'win32' });
    // The hidden window made to hear the session's end (created first, never shown).
    const hidden = desktop.windows.find((w, i) => desktop.windowOptions[i]?.show === false);
    expect(hidden).toBeDefined();
    hidden!.emit('session-end');
    await vi.waitFor(() => expect(started!.app.state().listener.running).toBe(false));
  });

  it('polls at once, rebaselined, after resume from sleep', async () => {
    const { desktop, started } = await launch();
    const pollNow = vi.spyOn(started!.app, 'pollNow');
    desktop.resume();
    expect(pollNow).toHaveBeenCalledWith({ rebaseline: true });
  });

  it('routes the tray menu: pause and resume, recorder pages, the logs folder', async () => {
    const { desktop, started, root } = await launch();
    clickMenu(tray(desktop).menu, 'pause', 'pause-hour');
    await vi.waitFor(() => expect(tray(desktop).toolTip).toMatch(/paused/i), { timeout: 5000 });
    expect(started!.app.settings().notifications.pausedUntil).toBeGreaterThan(Date.now());
    clickMenu(tray(desktop).menu, 'pause', 'resume');
    await vi.waitFor(() => expect(tray(desktop).toolTip).not.toMatch(/paused/i), { timeout: 5000 });

    clickMenu(tray(desktop).menu, 'logs');
    await vi.waitFor(() => expect(desktop.shell.opened).toEqual([join(root, 'logs')]));
    // No recorder URL: its pages have no address and the items are disabled; nothing is opened.
    const recorderUi = tray(desktop).menu?.find((item) => item.id === 'recorder-ui');
    expect(recorderUi?.enabled).toBe(false);
  });

  it('sets the AppUserModelID and takes Action Center clicks on Windows', async () => {
    const { desktop } = await launch({
      platform: 'win32',
      isPackaged: true,
      beforeApp: (desktop) => void desktop.app.calls.push('createApp'),
    });
    expect(desktop.app.calls).toContain('setAppUserModelId io.github.recorder-tray');
    expect(desktop.activation.callback).toBeTypeOf('function');
    // The presenter (and with it the toast activator) is made at start, before the app is built
    // and before any popup: a cold start from Action Center is not left waiting.
    const calls = desktop.app.calls;
    expect(calls.slice(0, calls.indexOf('createApp'))).toEqual([
      'setAppUserModelId io.github.recorder-tray',
      'Notification.isSupported',
      'Notification.handleActivation',
    ]);
    expect(desktop.notifications).toEqual([]);
    expect(tray(desktop).image).toBe(join('/dist', 'icons', 'tray', 'tray-idle.ico'));
  });

  it('hides the Dock icon on macOS and uses template tray images', async () => {
    const { desktop } = await launch({ platform: 'darwin' });
    expect(desktop.app.calls).toContain('setActivationPolicy accessory');
    expect(desktop.app.dock.hidden).toBe(true);
    expect(tray(desktop).image).toBe(join('/dist', 'icons', 'tray', 'idleTemplate.png'));
  });

  it('applies start at login on start and on change: an XDG autostart entry with --hidden on Linux', async () => {
    const { desktop, root } = await launch({
      isPackaged: true,
      env: (dir) => ({
        XDG_CONFIG_HOME: join(dir, 'config'),
        APPIMAGE: '/home/u/Recorder Tray.AppImage',
      }),
    });
    const entry = join(root, 'config', 'autostart', 'recorder-tray.desktop');
    expect(existsSync(entry)).toBe(false);
    const update = await desktop.ipcMain.invoke('settings:update', APP_URL, { startAtLogin: true });
    expect(update).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(existsSync(entry)).toBe(true));
    expect(await readFile(entry, 'utf8')).toContain(
      'Exec="/home/u/Recorder Tray.AppImage" --hidden',
    );
    await desktop.ipcMain.invoke('settings:update', APP_URL, { startAtLogin: false });
    await vi.waitFor(() => expect(existsSync(entry)).toBe(false));
  });

  it('gives the AppImage autostart entry the --no-sandbox this run needed (Ubuntu 24.04)', async () => {
    const { root } = await launch({
      isPackaged: true,
      settings: { startAtLogin: true },
      // The AppImage's AppRun added --no-sandbox: unprivileged user namespaces are restricted.
      argv: ['/tmp/.mount_RecordAbc/recorder-tray', '--no-sandbox'],
      env: (dir) => ({
        XDG_CONFIG_HOME: join(dir, 'config'),
        APPIMAGE: '/home/u/Recorder Tray.AppImage',
      }),
    });
    const entry = join(root, 'config', 'autostart', 'recorder-tray.desktop');
    await vi.waitFor(() => expect(existsSync(entry)).toBe(true));
    expect(await readFile(entry, 'utf8')).toContain(
      'Exec="/home/u/Recorder Tray.AppImage" --no-sandbox --hidden\n',
    );
  });

  it('registers the Windows login item with --hidden when the setting is on at start', async () => {
    const { desktop } = await launch({
      platform: 'win32',
      isPackaged: true,
      settings: { startAtLogin: true },
    });
    // The OS's state is read first (none here), then the missing entry is written.
    await expect
      .poll(() => desktop.app.loginItems)
      .toEqual([
        { openAtLogin: true, path: '/opt/Recorder Tray/recorder-tray', args: ['--hidden'] },
      ]);
  });

  it('leaves login items alone in a development run', async () => {
    const { desktop } = await launch({ platform: 'win32', settings: { startAtLogin: true } });
    expect(desktop.app.loginItems).toEqual([]);
  });
});
