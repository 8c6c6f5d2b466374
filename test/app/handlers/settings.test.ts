import { afterEach, describe, expect, it } from 'vitest';
import { PAUSED_FOREVER } from '../../../main/core/pause';
import { startApp, stopApps } from '../../fakes/app-harness';
import { oneRecorder } from '../../fakes/recorder-settings';

afterEach(stopApps);

describe('settings handlers', () => {
  it('folder:pick uses the host dialog in the desktop app and says unsupported elsewhere', async () => {
    const desktop = await startApp({
      ports: { pickFolder: async (current) => `${current || '/home/me'}/录播` },
    });
    expect(await desktop.app.handlers['app:info'](undefined)).toMatchObject({
      canPickFolder: true,
    });
    expect(await desktop.app.handlers['folder:pick']({})).toEqual({
      path: '/home/me/录播',
      supported: true,
    });
    const headless = await startApp();
    expect(await headless.app.handlers['app:info'](undefined)).toMatchObject({
      canPickFolder: false,
    });
    expect(await headless.app.handlers['folder:pick']({})).toEqual({
      path: null,
      supported: false,
    });
  });

  it('app:info names the settings a launch option fixed', async () => {
    const h = await startApp({
      ports: { overrides: { apply: (s) => s, locked: ['listener.port', 'recorder.url'] } },
    });
    expect((await h.app.handlers['app:info'](undefined)).lockedSettings).toEqual([
      'listener.port',
      'recorder.url',
    ]);
  });

  it('notifications:pause stores the end of the pause, read from the injected clock, and resume clears it', async () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const h = await startApp({ seams: { clock: () => now } });
    expect((await h.app.handlers['notifications:pause']({ until: 'hour' })).pausedUntil).toBe(
      now + 3_600_000,
    );
    expect((await h.app.handlers['notifications:pause']({ until: 'forever' })).pausedUntil).toBe(
      PAUSED_FOREVER,
    );
    expect(h.store.get().notifications.pausedUntil).toBe(PAUSED_FOREVER);
    expect(h.app.state().pause.pausedUntil).toBe(PAUSED_FOREVER);
    expect(await h.app.handlers['notifications:pause']({ until: 'resume' })).toEqual({
      pausedUntil: null,
    });
  });

  it('settings:update returns the new settings or path: message errors', async () => {
    const h = await startApp();
    const bad = await h.app.handlers['settings:update']({ listener: { port: 70_000 } });
    expect(bad).toMatchObject({ ok: false, errors: [expect.stringMatching(/^listener\.port: /)] });
    const good = await h.app.handlers['settings:update'](
      oneRecorder({ url: '', pollIntervalSeconds: 30 }),
    );
    expect(good.ok && good.settings.recorders[0]?.pollIntervalSeconds).toBe(30);
  });
});
