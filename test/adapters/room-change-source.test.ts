import { describe, expect, it } from 'vitest';
import type { Observer, SourceContext } from '../../main/core/plug-ins';
import { roomChangeSource } from '../../main/adapters/room-change-source';
import type { Happening } from '../../main/core/happening';
import { happeningText } from '../../main/core/notification-text';
import { ROOM_CHANGE_WINDOW_MS } from '../../main/core/room-changes';
import type { PolledRoom } from '../../shared/recorder/rest';
import { defaultSettings } from '../../shared/settings';
import { FakeClock } from '../fakes/core-harness';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { memoryLogger } from '../fakes/silent-logger';
import { v2 } from '../helpers/recorder-events';

const polled = (roomId: number, title: string, child = '唱见电台'): PolledRoom => ({
  roomId,
  shortId: 0,
  name: `主播${roomId}`,
  title,
  areaNameParent: '电台',
  areaNameChild: child,
  streaming: true,
  recording: false,
  danmakuConnected: true,
  autoRecord: false,
});

/** The source started on a hand-made context: what it observes is fed in, what it offers kept. */
function started(switchOn = true, rooms: number[] = []) {
  const clock = new FakeClock();
  const settings = defaultSettings();
  settings.notifications.events.RoomChanged = switchOn;
  settings.notifications.roomChangeRooms = rooms;
  const offered: Happening[] = [];
  let observer: Observer = {};
  const context: SourceContext = {
    clock: clock.read,
    log: memoryLogger(),
    dataDir: '/nonexistent',
    settings: () => settings,
    language: () => 'en',
    offer: (h) => offered.push(h),
    observe: (o) => ((observer = o), () => {}),
    rooms: () => [{ ...polled(1, 'now'), updatedAt: clock.now }],
    roomEverywhere: (roomId: number) =>
      roomId === 1 ? [{ ...polled(1, 'now'), updatedAt: clock.now }] : [],
    recorders: () => settings.recorders,
  };
  const source = roomChangeSource(clock.setTimer);
  void source.start(context);
  const poll = (...rooms: PolledRoom[]) => observer.polled?.(rooms, clock.now, 'default');
  const hook = (title: string) =>
    observer.webhook?.(
      parsedWebhook(
        v2('SessionStarted', { roomId: 1, title }, 0, {
          SessionId: '00000000-0000-4000-8000-000000000001',
        }),
      ),
      clock.now,
      'default',
    );
  return { clock, offered, poll, hook, source, settings };
}

describe('room changes (title and area), from polls and webhooks', () => {
  it('a burst of title changes over polls and webhooks is one alert a minute later, the last title winning', () => {
    const s = started();
    s.poll(polled(1, '早安')); // the first look: a baseline, no alert
    s.clock.advance(10_000);
    s.poll(polled(1, '唱歌中'));
    s.clock.advance(10_000);
    s.hook('唱歌 + 聊天');
    s.clock.advance(10_000);
    s.poll(polled(1, '唱歌 + 聊天'));
    expect(s.offered).toEqual([]);
    s.clock.advance(ROOM_CHANGE_WINDOW_MS);
    expect(s.offered).toHaveLength(1);
    expect(s.offered[0]).toMatchObject({
      kind: 'RoomChanged',
      roomId: 1,
      change: { title: { from: '早安', to: '唱歌 + 聊天' } },
    });
    s.clock.advance(10 * ROOM_CHANGE_WINDOW_MS);
    expect(s.offered).toHaveLength(1); // one per burst
  });

  it('an area change says from and to, in both languages', () => {
    const s = started();
    s.poll(polled(1, 't', '唱见电台'));
    s.poll(polled(1, 't', '聊天电台'));
    s.clock.advance(ROOM_CHANGE_WINDOW_MS);
    const [changed] = s.offered;
    expect(changed!.change).toEqual({
      area: { from: '电台 · 唱见电台', to: '电台 · 聊天电台' },
    });
    expect(happeningText(changed!, 'en')).toEqual({
      title: '主播1 changed the area',
      body: 'Area: 电台 · 唱见电台 → 电台 · 聊天电台',
    });
    expect(happeningText(changed!, 'zh-CN').title).toBe('主播1 换了分区');
  });

  it('changed and changed back within the minute: no alert', () => {
    const s = started();
    s.poll(polled(1, 'a'));
    s.poll(polled(1, 'b'));
    s.hook('a');
    s.clock.advance(ROOM_CHANGE_WINDOW_MS);
    expect(s.offered).toEqual([]);
  });

  it('none while the switch is off, and none for a room outside the chosen rooms', () => {
    for (const s of [started(false), started(true, [99])]) {
      s.poll(polled(1, 'a'));
      s.poll(polled(1, 'b'));
      s.clock.advance(ROOM_CHANGE_WINDOW_MS);
      expect(s.offered).toEqual([]);
    }
  });

  it('stop drops a burst in progress', async () => {
    const s = started();
    s.poll(polled(1, 'a'));
    s.poll(polled(1, 'b'));
    await s.source.stop();
    s.clock.advance(ROOM_CHANGE_WINDOW_MS);
    expect(s.offered).toEqual([]);
  });
});
