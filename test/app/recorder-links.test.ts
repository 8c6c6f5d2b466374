import { afterEach, describe, expect, it, vi } from 'vitest';
import { recorderPatch } from '../../shared/recorders';
import { RecorderSetting } from '../../shared/settings';
import { startApp, stopApps } from '../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { oneRecorder } from '../fakes/recorder-settings';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

// One link per recorder, built and torn down as the settings change, without a restart.

const fakes: FakeRecorder[] = [];
afterEach(async () => {
  await stopApps();
  for (const fake of fakes.splice(0)) await fake.close();
});

async function fake(rooms: number): Promise<FakeRecorder> {
  const recorder = await startFakeRecorder({ rooms });
  fakes.push(recorder);
  return recorder;
}

describe('recorder links follow the settings', () => {
  it('a recorder added while running is polled and gets its URL; one removed leaves the state, its history stays', async () => {
    const pc = await fake(1);
    const nas = await fake(2);
    const h = await startApp({
      settings: {
        ...oneRecorder({ id: 'pc', name: 'PC', url: pc.url, pollIntervalSeconds: 1 }),
        notifications: { groupWindowSeconds: 0 },
      },
    });
    await vi.waitFor(() => expect(h.app.state().recorders.map((r) => r.status)).toEqual(['ok']), {
      timeout: 10_000,
    });
    // A webhook for the NAS before it exists: its URL is not one of the app's.
    const nasUrl = `${h.webhookUrl}/nas`;
    const early = await postWebhook(
      nasUrl,
      JSON.stringify(v2('StreamStarted', { roomId: 5, name: '房间5' }, 0)),
    );
    expect(early.status).toBe(404);

    const settings = h.app.settings();
    const added = RecorderSetting.parse({ id: 'nas', name: 'NAS', url: nas.url });
    const saved = await h.app.handlers['settings:update']({
      recorders: [...settings.recorders, { ...added, pollIntervalSeconds: 1 }],
    });
    expect(saved.ok).toBe(true);
    await vi.waitFor(
      () =>
        expect(h.app.state().recorders.map((r) => [r.id, r.status, r.webhookUrl])).toEqual([
          ['pc', 'ok', h.webhookUrl],
          ['nas', 'ok', nasUrl],
        ]),
      { timeout: 10_000 },
    );
    expect(h.app.webhookUrls()).toEqual({ pc: h.webhookUrl, nas: nasUrl });
    const nasRooms = () => h.app.state().rooms.filter((room) => room.recorderId === 'nas');
    await vi.waitFor(() => expect(nasRooms()).toHaveLength(2));
    // Its URL is accepted now, and what it sends is the NAS's.
    expect(
      (
        await postWebhook(
          nasUrl,
          JSON.stringify(v2('StreamStarted', { roomId: 777, name: '房间777' }, 0)),
        )
      ).status,
    ).toBe(204);
    await vi.waitFor(() =>
      expect(h.shown.map((n) => [n.roomIds, n.recorderIds])).toContainEqual([[777], ['nas']]),
    );

    // Renamed: the state says so at once.
    await h.app.handlers['settings:update'](
      recorderPatch(h.app.settings(), 'nas', { name: 'Attic NAS' }),
    );
    expect(h.app.state().recorders[1]?.name).toBe('Attic NAS');

    // Removed: its rooms and its URL go; the notification it caused stays in the history.
    await h.app.handlers['settings:update']({
      recorders: h.app.settings().recorders.filter((r) => r.id !== 'nas'),
    });
    await vi.waitFor(() => expect(nasRooms()).toEqual([]));
    expect(h.app.state().recorders.map((r) => r.id)).toEqual(['pc']);
    expect(
      (
        await postWebhook(
          nasUrl,
          JSON.stringify(v2('StreamStarted', { roomId: 778, name: '房间778' }, 0)),
        )
      ).status,
    ).toBe(404);
    const history = await h.app.handlers['history:notifications']({ limit: 100, offset: 0 });
    expect(history.items.map((entry) => entry.notification.roomIds)).toContainEqual([777]);
  }, 40_000);

  it('refuses to remove the last recorder, in plain words', async () => {
    const h = await startApp();
    const answer = await h.app.handlers['settings:update']({ recorders: [] });
    expect(answer).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^recorders: .*at least one recorder/)],
    });
    expect(h.app.settings().recorders).toHaveLength(1);
  });
});
