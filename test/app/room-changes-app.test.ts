import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomChangeSource } from '../../main/adapters/room-change-source';
import { ROOM_CHANGE_WINDOW_MS } from '../../main/core/room-changes';
import { startApp, stopApps } from '../fakes/app-harness';
import { FakeClock } from '../fakes/core-harness';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';
import { formatRecorderTimestamp } from '../../shared/recorder/timestamp';
import { oneRecorder } from '../fakes/recorder-settings';

let recorder: FakeRecorder | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  recorder = undefined;
});

const ALL = { limit: 50, offset: 0 };

/** The app polling the fake recorder, with the room-change source's minute on a fake clock. */
async function appWatching(on: boolean) {
  recorder = await startFakeRecorder({ rooms: 2 });
  const timers = new FakeClock();
  const h = await startApp({
    settings: {
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 3600 }),
      notifications: { groupWindowSeconds: 0, events: { RoomChanged: on } },
    },
    ports: { sources: [roomChangeSource(timers.setTimer)] },
  });
  await vi.waitFor(() => expect(h.app.state().recorder.status).toBe('ok'), { timeout: 10_000 });
  const room = recorder.state.rooms[0]!;
  const seen = (title: string) =>
    vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.title).toBe(title),
    );
  return { h, timers, room, seen };
}

describe('title and area changes through the app (REST polls and webhooks over HTTP)', () => {
  it('a burst over a poll and a webhook is one RoomChanged popup a minute later, with the last title', async () => {
    const { h, timers, room, seen } = await appWatching(true);
    const before = room.title;
    room.title = '第一次改标题';
    h.app.pollNow();
    await seen('第一次改标题');
    const hook = v2(
      'SessionStarted',
      { roomId: room.roomId, name: room.name, title: '最后的标题' },
      0,
      {
        SessionId: '00000000-0000-4000-8000-00000000000a',
      },
    );
    // Sent now, as the recorder would (an older timestamp loses to the poll's newer look).
    hook.EventTimestamp = formatRecorderTimestamp(Date.now(), 480, 1234);
    await postWebhook(h.webhookUrl, JSON.stringify(hook));
    await seen('最后的标题');
    expect(h.shown.filter((n) => n.event === 'RoomChanged')).toEqual([]);
    timers.advance(ROOM_CHANGE_WINDOW_MS);
    await vi.waitFor(() =>
      expect(h.shown.filter((n) => n.event === 'RoomChanged')).toHaveLength(1),
    );
    const [popup] = h.shown.filter((n) => n.event === 'RoomChanged');
    expect(popup).toMatchObject({
      roomIds: [room.roomId],
      title: `${room.name} changed the title`,
      body: 'Title: 最后的标题',
    });
    expect(before).not.toBe('最后的标题');
  });

  it('none while the switch is off: no popup and nothing in the history', async () => {
    const { h, timers, room, seen } = await appWatching(false);
    room.title = '改了';
    h.app.pollNow();
    await seen('改了');
    timers.advance(ROOM_CHANGE_WINDOW_MS);
    const list = await h.app.handlers['history:notifications'](ALL);
    expect(list.items.filter((e) => e.notification.event === 'RoomChanged')).toEqual([]);
    expect(h.shown).toEqual([]);
  });

  it('switched on later: the rooms as known then are the start, and the next change pops up', async () => {
    const { h, timers, room, seen } = await appWatching(false);
    room.title = '关着时改的';
    h.app.pollNow();
    await seen('关着时改的');
    await h.app.handlers['settings:update']({ notifications: { events: { RoomChanged: true } } });
    // The title the app knows then is where changes start: the first poll after it already tells one.
    room.title = '开了以后改的';
    h.app.pollNow();
    await seen('开了以后改的');
    timers.advance(ROOM_CHANGE_WINDOW_MS);
    await vi.waitFor(() =>
      expect(h.shown.filter((n) => n.event === 'RoomChanged')).toHaveLength(1),
    );
    expect(h.shown.find((n) => n.event === 'RoomChanged')).toMatchObject({
      roomIds: [room.roomId],
      body: 'Title: 开了以后改的',
    });
  });
});
