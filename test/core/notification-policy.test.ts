import { describe, expect, it } from 'vitest';
import { coreHarness } from '../fakes/core-harness';
import { v2 } from '../helpers/recorder-events';

const room = (roomId: number) => ({ roomId, name: `主播${roomId}` });
const started = (roomId: number, at = 0) =>
  v2('StreamStarted', room(roomId), at, {}, { streaming: true, recording: false });
const ended = (roomId: number, at: number) =>
  v2('StreamEnded', room(roomId), at, {}, { streaming: false, recording: false });

describe('notification policy (fake clock)', () => {
  it('30 go-live events in one second → one summary listing all 30 rooms', () => {
    const core = coreHarness();
    for (let i = 0; i < 30; i++) {
      core.deliver(started(1000 + i, i * 0.03));
      core.clock.advance(33);
    }
    core.clock.advance(2000);
    const shown = core.shown();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      event: 'StreamStarted',
      title: '30 个直播间开播了',
      action: { kind: 'openWindow' },
    });
    expect(shown[0]!.roomIds).toHaveLength(30);
    const grouped = core.decided.filter((d) => !d.decision.shown);
    expect(grouped).toHaveLength(30);
    expect(
      grouped.every(
        (d) =>
          !d.decision.shown &&
          d.decision.reason === 'grouped' &&
          d.decision.summaryId === shown[0]!.id,
      ),
    ).toBe(true);
  });

  it('a single go-live is held back no more than the 2 s window, and shows on its own', () => {
    const core = coreHarness();
    core.deliver(started(1));
    core.clock.advance(1999);
    expect(core.shown()).toHaveLength(0);
    core.clock.advance(1);
    expect(core.shown()).toMatchObject([{ title: '主播1 开播了', roomIds: [1] }]);
  });

  it('finished files in a burst are grouped too', () => {
    const core = coreHarness();
    for (let i = 0; i < 3; i++) {
      core.deliver({
        EventRandomId: `0000000${i}-0000-4000-8000-000000000000`,
        RoomId: 10 + i,
        Name: `主播${10 + i}`,
        Title: 't',
        RelativePath: `x/${i}.flv`,
        FileSize: 1,
        StartRecordTime: '2024-01-01T00:00:00+08:00',
        EndRecordTime: '2024-01-01T01:00:00+08:00',
      });
    }
    core.clock.advance(2000);
    expect(core.shown()).toMatchObject([
      { event: 'FileClosed', title: '3 个录制文件已完成', roomIds: [10, 11, 12] },
    ]);
  });

  it('live → offline → live within 3 minutes → one popup; the second is suppressed as flapping', () => {
    const core = coreHarness();
    core.deliver(started(7, 0));
    core.clock.advance(60_000);
    core.deliver(ended(7, 60));
    core.clock.advance(120_000);
    core.deliver(started(7, 180));
    core.clock.advance(5_000);
    expect(core.shown().filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
    expect(core.decided.at(-1)!.decision).toEqual({ shown: false, reason: 'flapping' });
  });

  it('live again after more than 5 minutes offline → a new popup', () => {
    const core = coreHarness();
    core.deliver(started(7, 0));
    core.clock.advance(10_000);
    core.deliver(ended(7, 10));
    core.clock.advance(5 * 60_000 + 1);
    core.deliver(started(7, 400));
    core.clock.advance(5_000);
    expect(core.shown().filter((n) => n.event === 'StreamStarted')).toHaveLength(2);
  });

  it('paused → nothing shown, everything in the history as suppressed with the reason', () => {
    const core = coreHarness((s) => {
      s.notifications.pausedUntil = Date.UTC(2026, 10, 22, 13, 0, 0); // an hour after the clock's start
    });
    core.deliver(started(1));
    core.deliver(started(2));
    core.clock.advance(5000);
    expect(core.shown()).toHaveLength(0);
    expect(core.decided.map((d) => d.decision)).toEqual([
      { shown: false, reason: 'paused' },
      { shown: false, reason: 'paused' },
    ]);
  });

  it('a pause that has run out no longer suppresses', () => {
    const core = coreHarness((s) => {
      s.notifications.pausedUntil = Date.UTC(2026, 10, 22, 11, 0, 0);
    });
    core.deliver(started(1));
    core.clock.advance(2000);
    expect(core.shown()).toHaveLength(1);
  });

  it('a muted room → none; other rooms still pop up', () => {
    const core = coreHarness((s) => {
      s.notifications.mutedRooms = [1];
    });
    core.deliver(started(1));
    core.deliver(started(2, 1));
    core.clock.advance(2000);
    expect(core.shown().map((n) => n.roomIds)).toEqual([[2]]);
    expect(core.decided.find((d) => d.notification.roomIds[0] === 1)!.decision).toEqual({
      shown: false,
      reason: 'muted',
    });
  });

  it('a disabled event type → none (go-live off)', () => {
    const core = coreHarness((s) => {
      s.notifications.events.StreamStarted = false;
    });
    core.deliver(started(1));
    core.clock.advance(2000);
    expect(core.shown()).toHaveLength(0);
    expect(core.decided[0]!.decision).toEqual({ shown: false, reason: 'disabled' });
  });

  it('session and stream-ended popups are off by default and can be switched on', () => {
    const off = coreHarness();
    off.deliver(
      v2('SessionStarted', room(3), 0, { SessionId: '9c2e4a8a-3f7b-4d8e-a5b1-0c6d2e9f1a47' }),
    );
    off.clock.advance(2000);
    expect(off.shown()).toHaveLength(0);
    const on = coreHarness((s) => {
      s.notifications.events.SessionStarted = true;
    });
    on.deliver(
      v2('SessionStarted', room(3), 0, { SessionId: '9c2e4a8a-3f7b-4d8e-a5b1-0c6d2e9f1a47' }),
    );
    expect(on.shown()).toMatchObject([{ event: 'SessionStarted', title: '主播3 开始录制' }]);
  });

  it('a first look by polling (baseline) is recorded, not popped up', () => {
    const core = coreHarness();
    core.pipeline.applyPoll(
      [
        {
          roomId: 5,
          shortId: 0,
          name: '主播5',
          title: 't',
          areaNameParent: '',
          areaNameChild: '',
          streaming: true,
          recording: true,
          danmakuConnected: true,
        },
      ],
      core.clock.now,
      true,
    );
    core.clock.advance(2000);
    expect(core.shown()).toHaveLength(0);
    const goLive = core.decided.filter((d) => d.notification.event === 'StreamStarted');
    expect(goLive.map((d) => d.decision)).toEqual([{ shown: false, reason: 'baseline' }]);
  });

  it('flush at shutdown releases a held-back group at once', () => {
    const core = coreHarness();
    core.deliver(started(1));
    core.pipeline.policy.flush();
    expect(core.shown()).toHaveLength(1);
  });
});
