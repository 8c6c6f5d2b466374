import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupButtonRunner } from '../../main/hosts/popup-button-runner';
import { startApp, stopApps } from '../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { memoryLogger } from '../fakes/silent-logger';
import { oneRecorder } from '../fakes/recorder-settings';
import { recorderPatch } from '../../shared/recorders';

const USER = '录播';
const PASS = 'pässwörd密码🔑';

let recorder: FakeRecorder | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  recorder = undefined;
});

async function appWithRecorder(language: 'en' | 'zh-CN' = 'en') {
  recorder = await startFakeRecorder({ rooms: 3, user: USER, pass: PASS });
  const h = await startApp({
    settings: {
      language,
      ...oneRecorder({
        url: recorder.url,
        username: USER,
        password: PASS,
        pollIntervalSeconds: 60,
      }),
      notifications: { groupWindowSeconds: 0 },
    },
  });
  recorder.addWebhook(h.webhookUrl);
  await vi.waitFor(() => expect(h.app.state().recorder.status).toBe('ok'), { timeout: 10_000 });
  return { h, recorder };
}

describe('"record this stream" from the go-live popup (app object, fake recorder, Basic auth)', () => {
  // How fast: bench:latency (record pressed → shown as recording).
  it('offers record for a room with auto-record off; acting starts it, shown as recording', async () => {
    const { h, recorder } = await appWithRecorder();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
    );
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    const popup = h.shown[0]!;
    expect(popup).toMatchObject({ event: 'StreamStarted', roomIds: [room.roomId] });
    expect(popup.buttons).toEqual(['record', 'openRoom', 'mute', 'favourite']);

    // The host's button runner, as notify-send or Electron would call it.
    const runner = new PopupButtonRunner(memoryLogger());
    runner.connect(h.app);
    const desktop = runner.desktopPopup(popup);
    expect(desktop.buttons?.map((a) => a.label)).toEqual([
      'Record this stream',
      'Open live room',
      'Mute 1 h',
      '★ Favourite',
    ]);
    desktop.onButton?.('record');
    await vi.waitFor(
      () => expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.recording).toBe(true),
      { timeout: 10_000, interval: 10 },
    );
    expect(room.recording).toBe(true);
  });

  it('a room that records by itself gets no record button; without a working API none either', async () => {
    const { h, recorder } = await appWithRecorder('zh-CN');
    const auto = recorder.state.rooms[0]!; // 23058, auto-record on
    await recorder.setLive(auto.roomId, true);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    expect(h.shown[0]?.buttons).toEqual(['openRoom', 'mute', 'favourite']);

    const manual = recorder.state.rooms[2]!;
    manual.autoRecord = false;
    const settings = h.app.settings();
    await h.app.handlers['settings:update'](
      recorderPatch(settings, settings.recorders[0]!.id, { password: 'wrong' }),
    );
    await vi.waitFor(() => expect(h.app.state().recorder.status).toBe('unauthorized'), {
      timeout: 10_000,
    });
    await recorder.setLive(manual.roomId, true);
    await vi.waitFor(() => expect(h.shown).toHaveLength(2), { timeout: 10_000 });
    expect(h.shown[1]?.buttons).toEqual(['openRoom', 'mute', 'favourite']);
    // Acting anyway says what the connection check says.
    expect(
      await h.app.handlers['room:command']({ roomId: manual.roomId, command: 'start' }),
    ).toEqual({
      ok: false,
      message: '录播姬要求登录：请在这里填写录播姬设置的 Basic 认证用户名和密码。',
    });
  });

  it('"mute 1 h" from a popup silences the room’s next go-live', async () => {
    const { h, recorder } = await appWithRecorder();
    const room = recorder.state.rooms[1]!;
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    expect(
      await h.app.handlers['notification:act']({ id: h.shown[0]!.id, button: 'mute' }),
    ).toEqual({ ok: true, message: `Notifications of room ${room.roomId} are muted for an hour.` });
    await h.app.handlers['settings:update']({ notifications: { flapMinutes: 0 } });
    await recorder.setLive(room.roomId, false);
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(async () => {
      const page = await h.app.handlers['history:notifications']({ limit: 50, offset: 0 });
      expect(
        page.items.some(
          (e) =>
            e.notification.event === 'StreamStarted' &&
            !e.decision.shown &&
            e.decision.reason === 'muted',
        ),
      ).toBe(true);
    });
    expect(h.shown.filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
  });
});
