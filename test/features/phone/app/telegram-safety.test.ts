import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../../main/app/app-ports';
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
const GROUP = -1001234500;
const MEMBER = 777001;
const STRANGER = 666;
const TOO_OLD = 'Too old, not done: this command was sent more than two minutes ago.';

let recorder: FakeRecorder | undefined;
let telegram: FakeTelegramBotApi | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  await telegram?.close();
  recorder = telegram = undefined;
});

/** The real app on a movable clock, the fake recorder, and a Telegram target that takes commands. */
async function appWithBot(options: { dataDir?: string } = {}) {
  recorder ??= await startFakeRecorder({ rooms: 3 });
  telegram ??= await startFakeTelegramBotApi(TOKEN);
  const clock = new MovableClock();
  const url = `tgram://${TOKEN}/${CHAT}/${GROUP}?commands=yes&members=${MEMBER}&api=${telegram.url}`;
  const h: AppHarness = await startApp({
    seams: { clock: clock.now, setTimer: clock.setTimer },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    settings: {
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
      notifications: { groupWindowSeconds: 0 },
      pushTargets: Settings.parse({ pushTargets: [{ url }] }).pushTargets,
    },
  });
  const events: AppEvent[] = [];
  h.app.subscribe((e) => events.push(e));
  recorder.addWebhook(h.webhookUrl);
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(3), { timeout: 10_000 });
  await vi.waitFor(() => expect(telegram!.callsOf('getUpdates').length).toBeGreaterThan(0));
  return { clock, h, recorder, telegram, events };
}

const answersTo = (telegram: FakeTelegramBotApi, chat: number) =>
  telegram
    .callsOf('sendMessage')
    .filter((c) => String(c.body.chat_id) === String(chat) && !c.body.reply_markup)
    .map((c) => c.body.text as string);

/** A room that does not record on its own, live, and its go-live push's Record button. */
async function goLivePush(h: AppHarness, recorder: FakeRecorder, telegram: FakeTelegramBotApi) {
  const room = recorder.state.rooms[2]!;
  room.autoRecord = false;
  h.app.pollNow();
  await vi.waitFor(() =>
    expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
  );
  await recorder.setLive(room.roomId, true);
  await vi.waitFor(
    () => expect(telegram.callsOf('sendMessage').some((c) => c.body.reply_markup)).toBe(true),
    { timeout: 10_000 },
  );
  const push = telegram.callsOf('sendMessage').find((c) => c.body.reply_markup)!;
  const record = push.body.reply_markup.inline_keyboard[0][0].callback_data as string;
  return { room, record };
}

describe('Telegram safety through the real app (fake Bot API, fake recorder)', () => {
  it('in a group, only the members listed command; others get no answer, logged once', async () => {
    const { h, recorder, telegram } = await appWithBot();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    telegram.userSays(GROUP, STRANGER, `/rec ${room.roomId}`);
    telegram.userSays(GROUP, STRANGER, '/live');
    const pressed = telegram.userPresses(GROUP, STRANGER, 'act:x-1:record');
    // The owner's own id commands in the private chat, not in the group unless listed.
    telegram.userSays(GROUP, CHAT, '/live');
    telegram.userSays(GROUP, MEMBER, '/status');
    await vi.waitFor(() => expect(answersTo(telegram, GROUP)).toHaveLength(1));
    expect(answersTo(telegram, GROUP)[0]).toMatch(/recorder/i);
    expect(telegram.callsOf('answerCallbackQuery').map((c) => c.body)).toEqual([
      { callback_query_id: pressed },
    ]);
    expect(room.recording).toBe(false);
    expect(h.log.lines.filter((l) => l.includes(`from ${STRANGER} ignored`))).toHaveLength(1);
    expect(h.log.lines.filter((l) => l.includes(`from ${CHAT} ignored`))).toHaveLength(1);
  });

  it('a Record button pressed while the app was off is answered too old and runs nothing', async () => {
    const first = await appWithBot();
    const { room, record } = await goLivePush(first.h, first.recorder, first.telegram);
    await stopApps();
    const queryId = first.telegram.userPresses(CHAT, CHAT, record);
    const { telegram } = await appWithBot({ dataDir: first.h.dataDir });
    await vi.waitFor(() => expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(1));
    expect(telegram.callsOf('answerCallbackQuery')[0]!.body).toEqual({
      callback_query_id: queryId,
      text: TOO_OLD,
    });
    expect(room.recording).toBe(false);
  });

  it('a press that waited while the bot was unreachable is too old; the next one runs', async () => {
    const { clock, h, recorder, telegram } = await appWithBot();
    const { room, record } = await goLivePush(h, recorder, telegram);
    telegram.failNext('getUpdates', { code: 502, description: 'Bad Gateway' });
    telegram.userSays(CHAT, CHAT, '/help'); // ends the poll under way; the next one gets the 502
    await vi.waitFor(() =>
      expect(h.log.lines.some((l) => l.includes('unreachable (502: Bad Gateway)'))).toBe(true),
    );
    const late = telegram.userPresses(CHAT, CHAT, record);
    clock.advance(1000); // the back-off's first wait
    await vi.waitFor(() => expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(1));
    expect(telegram.callsOf('answerCallbackQuery')[0]!.body).toEqual({
      callback_query_id: late,
      text: TOO_OLD,
    });
    expect(room.recording).toBe(false);
    clock.advance(1000);
    telegram.userPresses(CHAT, CHAT, record);
    await vi.waitFor(() => expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(2));
    expect(telegram.callsOf('answerCallbackQuery')[1]!.body.text).toBe(
      `The recorder was asked to start recording room ${room.roomId}.`,
    );
    expect(room.recording).toBe(true);
  });

  it('waits out a 429 for its retry_after; the bot token is in no log, event or window state', async () => {
    const { clock, h, telegram, events } = await appWithBot();
    telegram.failNext('getUpdates', {
      code: 429,
      description: 'Too Many Requests: retry after 30',
      retryAfter: 30,
    });
    telegram.userSays(CHAT, CHAT, '/help'); // ends the poll under way; the next one gets the 429
    await vi.waitFor(() =>
      expect(
        h.log.lines.some((l) => l.includes('waiting (Too Many Requests: retry after 30)')),
      ).toBe(true),
    );
    const refusedAt = telegram.callsOf('getUpdates').length;
    telegram.userSays(CHAT, CHAT, '/status');
    // No real time passes: the app's clock is moved past retry_after, and only then it polls again.
    expect(telegram.callsOf('getUpdates')).toHaveLength(refusedAt);
    clock.advance(30_000);
    await vi.waitFor(() => expect(answersTo(telegram, CHAT)).toHaveLength(2));
    expect(telegram.callsOf('getUpdates').length).toBeGreaterThan(refusedAt);
    const secret = TOKEN.split(':')[1]!;
    expect(h.log.lines.filter((l) => l.includes(secret))).toEqual([]);
    // Headless output lines are these events; the window gets the state and Settings → Push's status.
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(h.app.state())).not.toContain(secret);
    const status = await h.app.handlers['push:status'](undefined);
    expect(status.targets[0]?.phone?.connection).toBe('connected');
    expect(JSON.stringify(status)).not.toContain(secret);
  });
});
