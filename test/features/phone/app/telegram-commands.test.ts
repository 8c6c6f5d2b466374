import { afterEach, describe, expect, it, vi } from 'vitest';
import { Settings } from '../../../../shared/settings';
import { startApp, stopApps, type AppHarness } from '../../../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../../../fakes/fake-recorder/index';
import { MovableClock } from '../../../fakes/movable-clock';
import { oneRecorder } from '../../../fakes/recorder-settings';
import {
  startFakeTelegramBotApi,
  type FakeTelegramBotApi,
} from '../../../fakes/push-services/fake-telegram-bot-api';

const TOKEN = '123456:SECRETsecretSECRET_token';
const CHAT = 4242;
const STRANGER = 666;

let recorder: FakeRecorder | undefined;
let telegram: FakeTelegramBotApi | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  await telegram?.close();
  recorder = telegram = undefined;
});

/** The real app with the fake recorder and one Telegram target that takes commands. */
async function appWithBot(): Promise<{
  clock: MovableClock;
  h: AppHarness;
  recorder: FakeRecorder;
  telegram: FakeTelegramBotApi;
}> {
  recorder = await startFakeRecorder({ rooms: 3 });
  telegram = await startFakeTelegramBotApi(TOKEN);
  // One command a second per chat: the test moves the app's clock on rather than waiting.
  const clock = new MovableClock();
  const h = await startApp({
    seams: { clock: clock.now, setTimer: clock.setTimer },
    settings: {
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
      notifications: { groupWindowSeconds: 0 },
      pushTargets: Settings.parse({
        pushTargets: [{ url: `tgram://${TOKEN}/${CHAT}?commands=yes&api=${telegram.url}` }],
      }).pushTargets,
    },
  });
  recorder.addWebhook(h.webhookUrl);
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(3), { timeout: 10_000 });
  await vi.waitFor(() => expect(telegram!.callsOf('getUpdates').length).toBeGreaterThan(0));
  return { clock, h, recorder, telegram };
}

const answersTo = (telegram: FakeTelegramBotApi, chat: number) =>
  telegram
    .callsOf('sendMessage')
    .filter((c) => String(c.body.chat_id) === String(chat) && !c.body.reply_markup)
    .map((c) => c.body.text as string);

describe('Telegram commands through the real app (fake Bot API, fake recorder)', () => {
  it('registers its commands, lists who is live and starts a room that does not record', async () => {
    const { clock, h, recorder, telegram } = await appWithBot();
    expect(
      telegram
        .callsOf('setMyCommands')[0]
        ?.body.commands.map((c: { command: string }) => c.command),
    ).toEqual([
      'live',
      'rec',
      'stop',
      'split',
      'mute',
      'quiet',
      'last',
      'jobs',
      'disk',
      'status',
      'help',
    ]);
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.streaming).toBe(true),
    );

    telegram.userSays(CHAT, CHAT, '/live@tray_test_bot');
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(1));
    expect(answersTo(telegram, CHAT)[0]).toContain(`• ${room.name} (${room.roomId})`);
    expect(answersTo(telegram, CHAT)[0]).toContain('not recording');
    clock.advance(1000);

    telegram.userSays(CHAT, CHAT, `/rec ${room.roomId}`);
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(2));
    expect(answersTo(telegram, CHAT)[1]).toBe(
      `The recorder was asked to start recording room ${room.roomId}.`,
    );
    expect(room.recording).toBe(true);
  });

  it('Settings → Push shows the bot connected and the last command; "send me the list" sends it', async () => {
    const { h, telegram } = await appWithBot();
    await vi.waitFor(async () =>
      expect((await h.app.handlers['push:status'](undefined)).targets[0]?.phone?.connection).toBe(
        'connected',
      ),
    );
    telegram.userSays(CHAT, CHAT, '/status');
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(1));
    const { targets } = await h.app.handlers['push:status'](undefined);
    expect(targets[0]?.phone).toEqual({
      connection: 'connected',
      last: { line: 'from Telegram: status', sender: String(CHAT), at: expect.any(Number) },
    });
    const url = h.app.settings().pushTargets[0]!.url;
    expect(await h.app.handlers['push:sendCommands']({ url })).toEqual({
      ok: true,
      message: 'The commands list was sent.',
    });
    expect(answersTo(telegram, CHAT)[1]).toMatch(/^Commands:\n\/live: who is live/);
  });

  it('the Record button on a go-live push starts the room, and its callback is answered', async () => {
    const { h, recorder, telegram } = await appWithBot();
    const room = recorder.state.rooms[2]!;
    room.autoRecord = false;
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
    );
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(
      () =>
        expect(telegram.callsOf('sendMessage').filter((c) => c.body.reply_markup)).toHaveLength(1),
      { timeout: 10_000 },
    );
    const push = telegram.callsOf('sendMessage').find((c) => c.body.reply_markup)!;
    const [row] = push.body.reply_markup.inline_keyboard as {
      text: string;
      callback_data?: string;
      url?: string;
    }[][];
    expect(row!.map((b) => b.text)).toEqual(['Record this stream', 'Open live room', 'Mute 1 h']);
    expect(row![1]!.url).toBe(`https://live.bilibili.com/${room.roomId}`);

    const queryId = telegram.userPresses(CHAT, CHAT, row![0]!.callback_data!);
    await vi.waitFor(() => expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(1));
    expect(telegram.callsOf('answerCallbackQuery')[0]!.body).toEqual({
      callback_query_id: queryId,
      text: `The recorder was asked to start recording room ${room.roomId}.`,
    });
    expect(room.recording).toBe(true);
  });

  it('a chat not allowed gets no answer and changes nothing; logged once', async () => {
    const { h, recorder, telegram } = await appWithBot();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    telegram.userSays(STRANGER, STRANGER, `/rec ${room.roomId}`);
    telegram.userSays(STRANGER, STRANGER, '/live');
    const pressed = telegram.userPresses(STRANGER, STRANGER, 'act:x-1:record');
    telegram.userSays(CHAT, CHAT, '/help');
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(1));
    expect(answersTo(telegram, STRANGER)).toEqual([]);
    // The stranger's button is answered with nothing (or the phone spins), and runs nothing.
    expect(telegram.callsOf('answerCallbackQuery').map((c) => c.body)).toEqual([
      { callback_query_id: pressed },
    ]);
    expect(room.recording).toBe(false);
    expect(h.log.lines.filter((l) => l.includes(`from ${STRANGER}`))).toHaveLength(1);
  });

  it('an update older than two minutes is not run; two commands in one second run once', async () => {
    const { recorder, telegram } = await appWithBot();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    telegram.userSays(CHAT, CHAT, `/rec ${room.roomId}`, Math.floor(Date.now() / 1000) - 180);
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(1));
    expect(answersTo(telegram, CHAT)[0]).toBe(
      'Too old, not done: this command was sent more than two minutes ago.',
    );
    expect(room.recording).toBe(false);

    telegram.userSays(CHAT, CHAT, '/status');
    telegram.userSays(CHAT, CHAT, '/status');
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(3));
    expect(answersTo(telegram, CHAT)[2]).toBe(
      'One command a second, please: that one was not done.',
    );
  });
});
