import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../main/adapters/settings-store';
import { startRuntime, type AppRuntime, type RuntimeHost } from '../main/app-runtime';
import { PAUSED_FOREVER } from '../main/core/pause';
import type { ShellLike } from '../main/core/shell-actions';
import { memoryLogger } from './fakes/silent-logger';
import { fixtureText } from './helpers/fixtures';
import { postWebhook } from './helpers/http';

let runtime: AppRuntime | undefined;
afterEach(async () => {
  await runtime?.stop();
  runtime = undefined;
});

async function start(extra: Partial<RuntimeHost> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-'));
  const log = memoryLogger();
  const store = await SettingsStore.open({ dir: dataDir, log });
  await store.update({
    listener: { port: 0 },
    recorder: { url: '' },
    language: 'en',
    notifications: { groupWindowSeconds: 0 },
  });
  const opened: string[] = [];
  const shell: ShellLike = {
    openExternal: async (url) => void opened.push(`url ${url}`),
    openPath: async (path) => (opened.push(`open ${path}`), ''),
    showItemInFolder: (path) => void opened.push(`show ${path}`),
  };
  runtime = await startRuntime({
    dataDir,
    info: { version: '1.0.0', platform: 'linux', logsDir: dataDir },
    log,
    store,
    shell,
    showNotification: () => {},
    openWindow: () => {},
    ...extra,
  });
  await runtime.start();
  return { runtime, opened, dataDir, store };
}

describe('app service (the contract handlers)', () => {
  it('folder:pick uses the host dialog in the desktop app and says unsupported elsewhere', async () => {
    const desktop = await start({ pickFolder: async (current) => `${current || '/home/me'}/录播` });
    expect(await desktop.runtime.handlers['app:info'](undefined)).toMatchObject({
      canPickFolder: true,
    });
    expect(await desktop.runtime.handlers['folder:pick']({})).toEqual({
      path: '/home/me/录播',
      supported: true,
    });
    await desktop.runtime.stop();
    runtime = undefined;
    const headless = await start();
    expect(await headless.runtime.handlers['app:info'](undefined)).toMatchObject({
      canPickFolder: false,
    });
    expect(await headless.runtime.handlers['folder:pick']({})).toEqual({
      path: null,
      supported: false,
    });
  });

  it('notifications:pause stores the end of the pause and resume clears it', async () => {
    const { runtime: r, store } = await start();
    expect((await r.handlers['notifications:pause']({ until: 'forever' })).pausedUntil).toBe(
      PAUSED_FOREVER,
    );
    expect(store.get().notifications.pausedUntil).toBe(PAUSED_FOREVER);
    expect(r.state().pause.pausedUntil).toBe(PAUSED_FOREVER);
    expect(await r.handlers['notifications:pause']({ until: 'resume' })).toEqual({
      pausedUntil: null,
    });
  });

  it('link:open builds the URL itself: a live room opens, recorder pages need a recorder URL', async () => {
    const { runtime: r, opened } = await start();
    expect(await r.handlers['link:open']({ kind: 'liveRoom', roomId: 23058 })).toEqual({
      ok: true,
    });
    expect((await r.handlers['link:open']({ kind: 'recorderUi' })).ok).toBe(false);
    expect(opened).toEqual(['url https://live.bilibili.com/23058']);
  });

  it('file actions resolve the recorder path under the root and refuse one that leaves it', async () => {
    const { runtime: r, opened, store } = await start();
    const root = await mkdtemp(join(tmpdir(), 'service-root-'));
    await mkdir(join(root, 'room'));
    await writeFile(join(root, 'room', 'a.flv'), 'flv');
    await store.update({ recordingRoot: root });
    expect(await r.handlers['file:open']({ roomId: 1, relativePath: 'room/a.flv' })).toEqual({
      ok: true,
    });
    expect(
      await r.handlers['file:showInFolder']({ roomId: 1, relativePath: 'room/a.flv' }),
    ).toEqual({ ok: true });
    expect(
      (await r.handlers['file:open']({ roomId: 1, relativePath: '../../etc/passwd' })).ok,
    ).toBe(false);
    expect(
      (await r.handlers['file:open']({ roomId: 1, relativePath: 'room/gone.flv' })).message,
    ).toMatch(/does not exist/);
    expect(opened).toEqual([
      `open ${join(root, 'room', 'a.flv')}`,
      `show ${join(root, 'room', 'a.flv')}`,
    ]);
  });

  it('recorder:check without a recorder URL says webhooks only', async () => {
    const { runtime: r } = await start();
    expect(await r.handlers['recorder:check'](undefined)).toEqual({
      status: 'off',
      message: 'No recorder URL: webhooks only.',
      version: null,
    });
  });

  it('history:markRead clears the unread count; events:replay shows the event again', async () => {
    const { runtime: r } = await start();
    await postWebhook(r.app.webhookUrl(), fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    for (let i = 0; i < 100 && r.state().unreadCount === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.state().unreadCount).toBe(1);
    expect(await r.handlers['history:markRead']({})).toEqual({ unreadCount: 0 });
    const [event] = (await r.handlers['history:events']({ limit: 50, offset: 0 })).items;
    expect(await r.handlers['events:replay']({ seq: event!.seq })).toEqual({ ok: true });
    await r.app.pipeline.drain();
    expect(r.state().unreadCount).toBe(1);
    expect((await r.handlers['events:replay']({ seq: 999_999 })).ok).toBe(false);
  });

  it('settings:update returns the new settings or path: message errors', async () => {
    const { runtime: r } = await start();
    const bad = await r.handlers['settings:update']({ listener: { port: 70_000 } });
    expect(bad).toMatchObject({ ok: false, errors: [expect.stringMatching(/^listener\.port: /)] });
    const good = await r.handlers['settings:update']({ recorder: { pollIntervalSeconds: 30 } });
    expect(good.ok && good.settings.recorder.pollIntervalSeconds).toBe(30);
  });
});
