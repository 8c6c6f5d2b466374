import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PhoneInbox,
  type PhoneCommandTaken,
} from '../../../../main/features/phone/app/phone-inbox';
import { TOO_OLD_MS } from '../../../../main/features/phone/core/phone-guard';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../../../fakes/fake-recorder/index';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { memoryLogger } from '../../../fakes/silent-logger';

const ROOT = '/srv/recordings';

let recorder: FakeRecorder | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  recorder = undefined;
});

// The real app object against the fake recorder; the inbox gets the window's own handlers.
async function inboxOnApp(language: 'en' | 'zh-CN' = 'en') {
  recorder = await startFakeRecorder({ rooms: 3 });
  const h = await startApp({
    settings: {
      language,
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60, recordingRoot: ROOT }),
    },
  });
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(3), { timeout: 10_000 });
  let now = Date.now();
  const taken: PhoneCommandTaken[] = [];
  const log = memoryLogger();
  const inbox = new PhoneInbox({
    calls: h.app.handlers,
    state: () => h.app.state(),
    settings: () => h.app.settings(),
    language: () => h.app.settings().language ?? 'en',
    clock: () => now,
    freeSpace: async (path: string) =>
      path === ROOT ? 123_400_000_000 : Promise.reject(new Error('gone')),
    log,
    onCommand: (t) => taken.push(t),
  });
  const message = (
    text: string,
    extra: { chat?: string; allowed?: boolean; sentAt?: number } = {},
  ) => ({
    service: 'tgram' as const,
    chat: extra.chat ?? '42',
    sender: extra.chat ?? '42',
    allowed: extra.allowed ?? true,
    sentAt: extra.sentAt ?? now,
    text,
  });
  return {
    h,
    recorder,
    inbox,
    taken,
    log,
    message,
    tick: (ms: number) => (now += ms),
    now: () => now,
  };
}

describe('phone commands through the app’s own handlers (real app, fake recorder)', () => {
  it('/live lists who is live; /rec starts a room that does not record, through the recorder’s API', async () => {
    const { h, recorder, inbox, taken, message, tick } = await inboxOnApp();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true);
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.streaming).toBe(true),
    );
    expect(await inbox.take(message('/live'))).toBe(
      `Live now:\n• ${room.name} (${room.roomId}) · ${h.app.state().recorders[0]!.name} · not recording`,
    );
    tick(1000);
    expect(await inbox.take(message(`/rec ${room.name.slice(0, 4)}`))).toBe(
      `The recorder was asked to start recording room ${room.roomId}.`,
    );
    expect(room.recording).toBe(true);
    expect(taken.map((t) => t.line)).toEqual([
      'from Telegram: who is live',
      `from Telegram: record room ${room.roomId} → done`,
    ]);
  });

  it('answers in the user’s language, with the choices for a room it cannot name', async () => {
    const { inbox, message, h } = await inboxOnApp('zh-CN');
    const answer = await inbox.take(message('录 /usr/bin/ffmpeg'));
    expect(answer?.split('\n')[0]).toBe('没有这个名字的房间。');
    expect(answer?.split('\n')).toHaveLength(1 + h.app.state().rooms.length);
    expect(answer).toContain('• 3号直播间 (23058)');
  });

  it('a stranger gets silence and one log line; an old command is not run; one a second per chat', async () => {
    const { inbox, message, recorder, log, tick, now } = await inboxOnApp();
    const room = recorder.state.rooms[2]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true);
    expect(
      await inbox.take(message(`/rec ${room.roomId}`, { chat: '666', allowed: false })),
    ).toBeUndefined();
    expect(await inbox.take(message('/live', { chat: '666', allowed: false }))).toBeUndefined();
    expect(log.lines.filter((l) => l.includes('666'))).toEqual([
      'warn phone: Telegram message from 666 ignored: not an allowed sender',
    ]);
    expect(
      await inbox.take(message(`/rec ${room.roomId}`, { sentAt: now() - TOO_OLD_MS - 1 })),
    ).toBe('Too old, not done: this command was sent more than two minutes ago.');
    expect(room.recording).toBe(false);
    tick(1000);
    const [first, second] = await Promise.all([
      inbox.take(message(`/rec ${room.roomId}`)),
      inbox.take(message(`/stop ${room.roomId}`)),
    ]);
    expect(second).toBe('One command a second, please: that one was not done.');
    expect(first).toBe(`The recorder was asked to start recording room ${room.roomId}.`);
    expect(room.recording).toBe(true);
  });

  it('/disk says the space left on each recorder’s disk; /last and /jobs list what there is', async () => {
    const { h, inbox, message, tick } = await inboxOnApp();
    const name = h.app.state().recorders[0]!.name;
    expect(await inbox.take(message('/disk'))).toBe(`• ${name}: 123 GB free`);
    tick(1000);
    expect(await inbox.take(message('/last'))).toBe('No finished files yet.');
    tick(1000);
    expect(await inbox.take(message('任务'))).toBe('No job is running or failed.');
  });
});
