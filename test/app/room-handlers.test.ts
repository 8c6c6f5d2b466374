import { describe, expect, it, vi } from 'vitest';
import { roomHandlers, type RoomHandlerDeps } from '../../main/app/handlers/rooms';
import { RecorderClient } from '../../main/adapters/recorder-client';
import type { HistoryNotification } from '../../shared/history';
import type { AppNotification } from '../../shared/model';
import { defaultSettings, type Language, type Settings } from '../../shared/settings';
import { oneRecorder } from '../fakes/recorder-settings';
import { fakeRecorders } from '../fakes/fake-recorder/test-kit';

const USER = '录播';
const PASS = 'pässwörd密码🔑';

const fake = fakeRecorders({ user: USER, pass: PASS, rooms: 3 });

/** The handlers over an in-memory settings store, history and shell, with a real poll of the recorder. */
function setUp(url: string, options: { language?: Language; password?: string } = {}) {
  let now = 1_000_000;
  let settings: Settings = {
    ...defaultSettings(),
    ...oneRecorder({ url, username: USER, password: options.password ?? PASS }),
  };
  const notifications = new Map<string, HistoryNotification>();
  const polled = new Map<number, boolean>(); // roomId → recording, from the last poll
  const opened: string[] = [];
  const client = () => {
    const { url: baseUrl, username, password } = settings.recorders[0]!;
    return baseUrl.trim() === ''
      ? undefined
      : new RecorderClient({ baseUrl: baseUrl.trim(), username, password });
  };
  const deps: RoomHandlerDeps = {
    clock: () => now,
    settings: () => settings,
    language: () => options.language ?? 'en',
    store: {
      update: vi.fn(async (patch) => {
        settings = {
          ...settings,
          notifications: { ...settings.notifications, ...patch.notifications },
        } as Settings;
        return { ok: true as const, settings };
      }),
    },
    history: {
      queries: { notificationById: (id) => notifications.get(id) },
      markRead: async (id) => {
        const entry = notifications.get(id);
        if (!entry || entry.read) return false;
        notifications.set(id, { ...entry, read: true });
        return true;
      },
    },
    shellActions: {
      openUrl: vi.fn(async (u: string) => (opened.push(u), true)),
      openFile: vi.fn(async (p: string) => (opened.push(`open ${p}`), true)),
      showFile: vi.fn(async (p: string) => (opened.push(`show ${p}`), true)),
      runAction: vi.fn(async () => true),
    },
    state: () => ({ rooms: [] }),
    client: () => client(),
    pollNow: vi.fn(() => {
      void client()
        ?.listRooms()
        .then((rooms) => {
          if (rooms.ok) for (const room of rooms.value) polled.set(room.roomId, room.recording);
        });
    }),
    stateChanged: vi.fn(),
  };
  const add = (notification: Partial<AppNotification> & { id: string }) =>
    notifications.set(notification.id, {
      notification: {
        event: 'StreamStarted',
        roomIds: [],
        title: 't',
        body: 'b',
        createdAt: 0,
        ...notification,
      },
      decision: { shown: true },
      read: false,
    });
  return {
    handlers: roomHandlers(deps),
    deps,
    polled,
    opened,
    add,
    advance: (ms: number) => (now += ms),
    settings: () => settings,
    setRecorderUrl: (next: string) => {
      settings = { ...settings, ...oneRecorder({ ...settings.recorders[0], url: next }) };
    },
  };
}

describe('room handlers against the fake recorder (Basic auth, UTF-8 password)', () => {
  it('start, split, stop and refresh answer in plain words and poll at once', async () => {
    const recorder = await fake();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    const app = setUp(recorder.url);
    const h = app.handlers;
    const roomId = room.roomId;

    expect(await h['room:command']({ roomId, command: 'start' })).toEqual({
      ok: true,
      message: `The recorder was asked to start recording room ${roomId}.`,
    });
    expect(room.recording).toBe(true);
    expect(app.deps.pollNow).toHaveBeenCalledTimes(1);
    app.advance(1000);
    expect((await h['room:command']({ roomId, command: 'split' })).ok).toBe(true);
    app.advance(1000);
    expect((await h['room:command']({ roomId, command: 'stop' })).ok).toBe(true);
    expect(room.recording).toBe(false);
    app.advance(1000);
    expect(await h['room:command']({ roomId, command: 'refresh' })).toMatchObject({ ok: true });
    expect(app.deps.pollNow).toHaveBeenCalledTimes(4);
  });

  it('adds by number, switches auto-record, removes; zh-CN words', async () => {
    const recorder = await fake();
    const app = setUp(recorder.url, { language: 'zh-CN' });
    const h = app.handlers;
    expect(await h['room:add']({ roomId: 7_734_200, autoRecord: false })).toEqual({
      ok: true,
      message: '已在录播姬中添加房间 7734200。',
    });
    expect(recorder.state.find(7_734_200)?.autoRecord).toBe(false);
    app.advance(1000);
    expect(await h['room:setAutoRecord']({ roomId: 7_734_200, autoRecord: true })).toEqual({
      ok: true,
      message: '已为房间 7734200 打开自动录制。',
    });
    expect(recorder.state.find(7_734_200)?.autoRecord).toBe(true);
    app.advance(1000);
    expect(await h['room:remove']({ roomId: 7_734_200 })).toEqual({
      ok: true,
      message: '已从录播姬中移除房间 7734200。',
    });
    expect(recorder.state.find(7_734_200)).toBeUndefined();
  });

  it('refuses in plain words: unknown room, id out of range, too soon, no URL', async () => {
    const recorder = await fake();
    const app = setUp(recorder.url);
    const h = app.handlers;
    expect(await h['room:command']({ roomId: 999, command: 'start' })).toEqual({
      ok: false,
      message: 'The recorder has no room 999 (it may have been removed).',
    });
    expect(await h['room:setAutoRecord']({ roomId: 998, autoRecord: true })).toMatchObject({
      ok: false,
      message: 'The recorder has no room 998 (it may have been removed).',
    });
    expect(recorder.state.find(998)).toBeUndefined(); // the switch never adds a room
    expect(await h['room:add']({ roomId: 0, autoRecord: true })).toEqual({
      ok: false,
      message: 'That is not a room number: enter a number above 0 or a live room link.',
    });
    expect((await h['room:command']({ roomId: 3, command: 'refresh' })).ok).toBe(true);
    expect(await h['room:command']({ roomId: 3, command: 'refresh' })).toEqual({
      ok: false,
      message: 'Too many commands for room 3: try again in a second.',
    });
    app.setRecorderUrl('');
    app.advance(1000);
    expect(await h['room:command']({ roomId: 3, command: 'start' })).toEqual({
      ok: false,
      message: "No recorder URL is set: enter the recorder's API address in Settings first.",
    });
  });

  it('gives the connection check’s advice for 401, 412 and an unreachable recorder', async () => {
    const recorder = await fake();
    const wrong = setUp(recorder.url, { password: 'wrong' });
    expect(await wrong.handlers['room:command']({ roomId: 3, command: 'start' })).toEqual({
      ok: false,
      message:
        "The recorder asks for a password. Enter the recorder's Basic auth user name and password here.",
    });
    const guarded = await fake({ user: '', pass: '', openAccessGuard: true });
    const zh = setUp(guarded.url, { language: 'zh-CN' });
    const answer = await zh.handlers['room:add']({ roomId: 5, autoRecord: true });
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain('BREC_HTTP_OPEN_ACCESS');
    expect(answer.message).toContain('HTTP 412');
    await recorder.close();
    const gone = await wrong.handlers['room:remove']({ roomId: 23058 });
    expect(gone.ok).toBe(false);
    expect(gone.message).toMatch(/^Cannot reach the recorder at http:\/\/127\.0\.0\.1:\d+\./);
  });
});

describe('notification:act', () => {
  // How fast: bench:latency (record pressed → shown as recording).
  it('record on a go-live popup starts recording, and the poll it asks for shows it', async () => {
    const recorder = await fake();
    const room = recorder.state.rooms[2]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    const app = setUp(recorder.url);
    app.add({ id: 'n1', roomIds: [room.roomId], buttons: ['record', 'openRoom', 'mute'] });
    expect(await app.handlers['notification:act']({ id: 'n1', button: 'record' })).toMatchObject({
      ok: true,
    });
    await vi.waitFor(() => expect(app.polled.get(room.roomId)).toBe(true), { timeout: 10_000 });
    expect(app.deps.stateChanged).toHaveBeenCalled(); // read now
  });

  it('opens the live room, mutes for an hour, opens and shows a file, opens the window', async () => {
    const recorder = await fake();
    const app = setUp(recorder.url);
    const h = app.handlers['notification:act'];
    app.add({ id: 'live', roomIds: [23058], buttons: ['openRoom', 'mute'] });
    app.add({
      id: 'file',
      event: 'FileClosed',
      roomIds: [23058],
      action: { kind: 'showFile', path: '/rec/a.flv' },
      buttons: ['open', 'show'],
    });
    app.add({
      id: 'problem',
      event: 'RecordingProblem',
      roomIds: [23058],
      buttons: ['openWindow'],
    });
    expect(await h({ id: 'live', button: 'openRoom' })).toEqual({ ok: true });
    expect(await h({ id: 'live', button: 'mute' })).toEqual({
      ok: true,
      message: 'Notifications of room 23058 are muted for an hour.',
    });
    expect(app.settings().notifications.mutedRoomsUntil).toEqual([
      { roomId: 23058, until: 1_000_000 + 3_600_000 },
    ]);
    expect(await h({ id: 'file', button: 'open' })).toEqual({ ok: true });
    expect(await h({ id: 'file', button: 'show' })).toEqual({ ok: true });
    expect(app.opened).toEqual([
      'https://live.bilibili.com/23058',
      'open /rec/a.flv',
      'show /rec/a.flv',
    ]);
    expect(await h({ id: 'problem', button: 'openWindow' })).toEqual({ ok: true });
    expect(app.deps.shellActions.runAction).toHaveBeenCalledWith({ kind: 'openWindow' });
  });

  it('refuses a button the notification does not carry, and a notification no longer held', async () => {
    const recorder = await fake();
    const app = setUp(recorder.url);
    app.add({ id: 'live', roomIds: [23058], buttons: ['openRoom', 'mute'] });
    expect(await app.handlers['notification:act']({ id: 'live', button: 'record' })).toEqual({
      ok: false,
      message: 'That notification has no such button.',
    });
    expect(recorder.state.get(23058).recording).toBe(false);
    expect(await app.handlers['notification:act']({ id: 'gone', button: 'mute' })).toEqual({
      ok: false,
      message: 'That notification is no longer in the history.',
    });
  });
});

describe('the contract of the room calls', () => {
  it('takes room numbers 1 … Int32 max and the fixed button ids only', async () => {
    const { parseCallRequest } = await import('../../shared/ipc-contract');
    expect(parseCallRequest('room:command', { roomId: 3, command: 'start' }).ok).toBe(true);
    expect(parseCallRequest('room:command', { roomId: 0, command: 'start' }).ok).toBe(false);
    expect(parseCallRequest('room:command', { roomId: 3, command: 'delete' }).ok).toBe(false);
    expect(parseCallRequest('room:add', { roomId: 2 ** 31, autoRecord: true }).ok).toBe(false);
    expect(parseCallRequest('room:remove', { roomId: 3, extra: 1 }).ok).toBe(false);
    expect(parseCallRequest('notification:act', { id: 'x', button: 'record' }).ok).toBe(true);
    expect(parseCallRequest('notification:act', { id: 'x', button: 'rm -rf' }).ok).toBe(false);
  });
});
