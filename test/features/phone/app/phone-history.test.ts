import { afterEach, describe, expect, it, vi } from 'vitest';
import { Settings } from '../../../../shared/settings';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../../../fakes/fake-recorder/index';
import { oneRecorder } from '../../../fakes/recorder-settings';
import {
  startFakeTelegramBotApi,
  type FakeTelegramBotApi,
} from '../../../fakes/push-services/fake-telegram-bot-api';

const TOKEN = '123456:SECRETsecretSECRET_token';
const CHAT = 4242;

let recorder: FakeRecorder | undefined;
let telegram: FakeTelegramBotApi | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  await telegram?.close();
  recorder = telegram = undefined;
});

describe('every command taken from a phone goes to the history (real app, fake Bot API)', () => {
  it('keeps "/rec" and its answer as a row of the Notifications view, not popped up nor pushed', async () => {
    recorder = await startFakeRecorder({ rooms: 2 });
    telegram = await startFakeTelegramBotApi(TOKEN);
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
        language: 'zh-CN',
        // The bot's own target takes every kind: a pushed row would reach this chat.
        pushTargets: Settings.parse({
          pushTargets: [{ url: `tgram://${TOKEN}/${CHAT}?commands=yes&api=${telegram.url}` }],
        }).pushTargets,
      },
    });
    await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(2), { timeout: 10_000 });
    await vi.waitFor(() => expect(telegram!.callsOf('getUpdates').length).toBeGreaterThan(0));
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });

    telegram.userSays(CHAT, CHAT, `/rec ${room.roomId}`);
    const phoneRows = async () =>
      (await h.app.handlers['history:notifications']({ limit: 50, offset: 0 })).items.filter(
        (item) => item.notification.event === 'PhoneCommand',
      );
    const answers = () => telegram!.callsOf('sendMessage').map((c) => c.body.text as string);
    await vi.waitFor(() => expect(answers()).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await phoneRows()).toHaveLength(1));
    expect(room.recording).toBe(true);

    const [row] = await phoneRows();
    const answer = answers();
    expect(row).toMatchObject({
      notification: {
        title: '来自 Telegram 的命令',
        body: `/rec ${room.roomId} → ${answer[0]}`,
        roomIds: [room.roomId],
      },
      decision: { shown: false, reason: 'phoneCommand' },
      read: true,
    });
    // Found by its room and by its words, like any row of the view.
    const byRoom = await h.app.handlers['history:notifications']({
      limit: 50,
      offset: 0,
      roomId: room.roomId,
    });
    expect(byRoom.items.map((i) => i.notification.id)).toContain(row!.notification.id);
    expect(h.shown.filter((n) => n.event === 'PhoneCommand')).toEqual([]);
    expect(answer.filter((text) => text.includes('来自 Telegram'))).toEqual([]);
  });
});
