import { describe, expect, it } from 'vitest';
import { EventPipeline } from '../../main/core/event-pipeline';
import type { DecidedNotification } from '../../main/core/notification-policy';
import { defaultSettings } from '../../shared/settings';
import { FakeClock } from '../fakes/core-harness';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { v2 } from '../helpers/recorder-events';

// A room on two recorders (a hot standby) goes live once and ends once, whatever order their
// reports come in, across a restart (the state rebuilt from the journal), and in a recovery batch
// derived whole before any of it is offered.

const ROOM = { roomId: 23058, name: '3号直播间' };
const OFFLINE = { streaming: false, recording: false };
// When the journal's deliveries were received: after their own times (which stand, unclamped).
const LATER = Date.UTC(2030, 0, 1);

function pipeline() {
  const clock = new FakeClock();
  const settings = defaultSettings();
  settings.notifications.events.StreamEnded = true;
  settings.notifications.groupWindowSeconds = 0;
  const decided: DecidedNotification[] = [];
  const core = new EventPipeline(
    {
      clock: clock.read,
      setTimer: clock.setTimer,
      settings: () => ({ ...settings.notifications, language: 'en' }),
      actionFor: () => undefined,
    },
    { decided: (d) => decided.push(d) },
  );
  const shown = () =>
    decided
      .filter((d) => d.decision.shown)
      .map((d) => [d.notification.event, d.notification.recorderIds]);
  return { core, shown, clock };
}

const started = (at: number) => parsedWebhook(v2('StreamStarted', ROOM, at));
const ended = (at: number) => parsedWebhook(v2('StreamEnded', ROOM, at, {}, OFFLINE));

describe('a hot standby', () => {
  it('goes live once and ends once, whichever recorder tells first', () => {
    const { core, shown } = pipeline();
    core.applyWebhook(started(0), 'webhook', undefined, undefined, 'nas');
    core.applyWebhook(started(1), 'webhook', undefined, undefined, 'pc');
    core.applyWebhook(ended(60), 'webhook', undefined, undefined, 'nas');
    core.applyWebhook(ended(61), 'webhook', undefined, undefined, 'pc');
    expect(shown()).toEqual([
      ['StreamStarted', ['nas']],
      ['StreamEnded', ['pc']],
    ]);
  });

  it('is one room on each recorder: a look-up finds both, and only that room', () => {
    const { core } = pipeline();
    core.applyWebhook(started(0), 'webhook', undefined, undefined, 'nas');
    core.applyWebhook(started(1), 'webhook', undefined, undefined, 'pc');
    const other = { roomId: 1, name: 'other' };
    core.applyWebhook(
      parsedWebhook(v2('StreamStarted', other, 2)),
      'webhook',
      undefined,
      undefined,
      'pc',
    );
    const found = core.roomEverywhere(ROOM.roomId);
    expect(found.map((room) => [room.recorderId, room.roomId, room.streaming])).toEqual([
      ['nas', ROOM.roomId, true],
      ['pc', ROOM.roomId, true],
    ]);
    expect(core.roomEverywhere(404)).toEqual([]);
  });

  it("a go-live crossing the other recorder's end, or coming after a restart, is the same stream", () => {
    const { core, shown, clock } = pipeline();
    // Before the restart: the PC's stream, start to end (rebuilt silently from the journal).
    core.rebuild([
      { seq: 1, webhook: started(0), receivedAt: LATER, recorderId: 'pc' },
      { seq: 2, webhook: ended(60), receivedAt: LATER, recorderId: 'pc' },
    ]);
    // The NAS's report of that stream's start arrives late: not news.
    core.applyWebhook(started(1), 'webhook', undefined, undefined, 'nas');
    expect(shown()).toEqual([]);
    // (Its end is told: the last recorder's end of a stream is, whatever came before a restart.)
    core.applyWebhook(ended(62), 'webhook', undefined, undefined, 'nas');
    // Hours later the room goes live on the NAS alone: that is news.
    clock.advance(4 * 3_600_000);
    core.applyWebhook(started(4 * 3600), 'webhook', undefined, undefined, 'nas');
    const goLives = shown().filter(([event]) => event === 'StreamStarted');
    expect(goLives).toEqual([['StreamStarted', ['nas']]]);
  });

  it('in a batch derived before it is offered (recovery), the first report pops up, not none', () => {
    const { core, shown } = pipeline();
    const first = core.derive(started(0), 'webhook', undefined, 'pc');
    const second = core.derive(started(1), 'webhook', undefined, 'nas');
    expect(first[0]?.sameStreamAs).toBeUndefined();
    expect(second[0]?.sameStreamAs).toBe('pc');
    for (const happening of [...first, ...second]) core.offer(happening);
    expect(shown()).toEqual([['StreamStarted', ['pc']]]);
  });

  it('the delivery that made a room live is named for the pruning to spare while the room stays live, with its end for the same-stream window after', () => {
    const { core, clock } = pipeline();
    const other = { roomId: 1, name: 'other' };
    core.applyWebhook(started(0), 'webhook', undefined, 7, 'pc');
    core.applyWebhook(parsedWebhook(v2('StreamStarted', other, 9)), 'webhook', undefined, 9, 'nas');
    expect(core.streamDeliveries().sort()).toEqual([7, 9]);
    core.applyWebhook(ended(60), 'webhook', undefined, 10, 'pc');
    expect(core.streamDeliveries().sort((a, b) => a - b)).toEqual([7, 9, 10]);
    clock.advance(5 * 60_000); // the policy's flap time (5 minutes): still the same stream
    expect(core.streamDeliveries().sort((a, b) => a - b)).toEqual([7, 9, 10]);
    clock.advance(1);
    expect(core.streamDeliveries()).toEqual([9]);
    // A poll that no longer sees the other room live: nothing left to spare for it.
    const polled = { ...other, shortId: 0, title: 't', areaNameParent: '', areaNameChild: '' };
    core.applyPoll([{ ...polled, ...OFFLINE, danmakuConnected: false }], LATER, false, 'nas');
    expect(core.streamDeliveries()).toEqual([]);
  });

  it("the other recorder's go-live that comes after the end and after a restart whose journal kept only what was spared is the same stream (chaos seed 670074)", () => {
    const before = pipeline();
    const receivedAt = before.clock.read();
    const journal = [
      { seq: 1, webhook: started(0), receivedAt, recorderId: 'pc' },
      { seq: 2, webhook: ended(60), receivedAt: receivedAt + 60_000, recorderId: 'pc' },
    ];
    for (const { seq, webhook, receivedAt: at, recorderId } of journal)
      before.core.applyWebhook(webhook, 'webhook', at, seq, recorderId);
    const spared = before.core.streamDeliveries();
    // The next start, a minute later, after a pruning that kept only what was spared.
    const { core, shown, clock } = pipeline();
    clock.advance(2 * 60_000);
    core.rebuild(journal.filter(({ seq }) => spared.includes(seq)));
    expect(core.streamDeliveries()).toEqual([1, 2]); // still spared by the next pruning
    // The NAS's copy of that stream's go-live, late: not news.
    core.applyWebhook(started(0), 'webhook', clock.read(), 40, 'nas');
    expect(shown()).toEqual([]);
  });

  it("after a restart whose journal kept only that go-live (the rest pruned), the other recorder's go-live is the same stream", () => {
    const before = pipeline();
    before.core.applyWebhook(started(0), 'webhook', undefined, 1, 'pc');
    const spared = before.core.streamDeliveries();
    expect(spared).toEqual([1]);
    // The next start: the journal holds the spared delivery alone, long after it.
    const { core, shown } = pipeline();
    core.rebuild([{ seq: 1, webhook: started(0), receivedAt: LATER, recorderId: 'pc' }]);
    expect(core.streamDeliveries()).toEqual([1]); // still spared by the next pruning
    core.applyWebhook(started(30 * 3600), 'webhook', undefined, 900, 'nas');
    expect(shown()).toEqual([]);
  });
});
