import { describe, expect, it } from 'vitest';
import type { Happening } from '../../main/core/happening';
import { QuietDigest, sinceLastDigest } from '../../main/core/quiet-digest';
import type { HistoryNotification } from '../../shared/history';
import { coreHarness } from '../fakes/core-harness';
import { v2 } from '../helpers/recorder-events';

// Friday 27 Nov 2026, local time; the window is 23:00–07:00 every day.
const at = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 10, day, hours, minutes).getTime();
const started = (roomId: number) =>
  v2(
    'StreamStarted',
    { roomId, name: `主播${roomId}` },
    0,
    {},
    { streaming: true, recording: false },
  );

function quietCore(letThrough: { problems?: boolean; favourites?: boolean } = {}) {
  const core = coreHarness((s) => {
    s.notifications.groupWindowSeconds = 0; // one decision per happening, easier to follow
    s.notifications.quietHours = {
      enabled: true,
      from: '23:00',
      to: '07:00',
      days: [0, 1, 2, 3, 4, 5, 6],
      letThrough: { problems: true, favourites: false, ...letThrough },
    };
    s.notifications.favourites = [7];
  });
  core.clock.now = at(27, 22, 30);
  // The history as the app keeps it: every decision, the digest included.
  const history = () => core.decided.map((d) => ({ ...d, read: false }) as HistoryNotification);
  const digest = new QuietDigest({
    clock: core.clock.read,
    setTimer: core.clock.setTimer,
    settings: () => ({ ...core.settings.notifications, language: 'en' }),
    since: () => sinceLastDigest(history()),
    record: (notification) => core.pipeline.record({ notification, decision: { shown: true } }),
  });
  return { core, digest };
}

function problem(roomId: number, at: number): Happening {
  return {
    kind: 'RecordingProblem',
    roomId,
    at,
    source: 'poll',
    room: { roomId, name: `主播${roomId}`, title: '', updatedAt: at } as Happening['room'],
    problem: { code: 'stalled' },
  };
}

describe('quiet hours in the policy (injected clock, across midnight)', () => {
  it('holds go-lives after 23:00 and after midnight, then one digest at 07:00 with the counts', () => {
    const { core, digest } = quietCore();
    digest.check();
    core.deliver(started(1)); // 22:30: before the window
    expect(core.shown()).toHaveLength(1);
    core.clock.advance(at(27, 23, 15) - core.clock.now);
    core.deliver(started(2));
    core.clock.advance(at(28, 1, 40) - core.clock.now); // after midnight: still the same window
    core.deliver(started(3));
    core.deliver({
      EventRandomId: '00000001-0000-4000-8000-000000000000',
      RoomId: 4,
      Name: '主播4',
      Title: 't',
      RelativePath: 'x/1.flv',
      FileSize: 1,
      StartRecordTime: '2024-01-01T00:00:00+08:00',
      EndRecordTime: '2024-01-01T01:00:00+08:00',
    });
    const held = core.decided.filter((d) => !d.decision.shown);
    expect(held.map((d) => d.decision)).toEqual([
      { shown: false, reason: 'held' },
      { shown: false, reason: 'held' },
      { shown: false, reason: 'held' },
    ]);
    expect(core.shown()).toHaveLength(1); // nothing more popped up at night
    core.clock.advance(at(28, 6, 59) - core.clock.now);
    expect(core.shown()).toHaveLength(1);
    core.clock.advance(at(28, 7, 0) - core.clock.now);
    const [, digestShown] = core.shown();
    expect(digestShown).toMatchObject({
      event: 'QuietHoursDigest',
      title: 'While you were away',
      body: '2 went live, 1 file finished',
      createdAt: at(28, 7),
      digest: { from: at(27, 23, 15), to: at(28, 7), counts: { StreamStarted: 2, FileClosed: 1 } },
      action: { kind: 'openWindow', span: { from: at(27, 23, 15), to: at(28, 7) + 1 } },
    });
    core.clock.advance(10 * 60_000);
    expect(core.shown()).toHaveLength(2); // one digest, not one a minute
    digest.stop();
  });

  it('a recording problem comes through; with letThrough.problems off it is held too', () => {
    for (const problems of [true, false]) {
      const { core } = quietCore({ problems });
      core.clock.now = at(28, 3);
      core.pipeline.offer(problem(5, core.clock.now));
      expect(core.decided.at(-1)!.decision).toEqual(
        problems ? { shown: true } : { shown: false, reason: 'held' },
      );
    }
  });

  it('a favourite comes through only when chosen', () => {
    for (const favourites of [false, true]) {
      const { core } = quietCore({ favourites });
      core.clock.now = at(28, 3);
      core.deliver(started(7));
      expect(core.decided.at(-1)!.decision).toEqual(
        favourites ? { shown: true } : { shown: false, reason: 'held' },
      );
    }
  });

  it('a weekday left out is not quiet, even after midnight of the day before it', () => {
    const { core } = quietCore();
    core.settings.notifications.quietHours.days = [6]; // Saturday nights only
    core.clock.now = at(28, 3); // Saturday 03:00 belongs to Friday's night: not quiet
    core.deliver(started(2));
    expect(core.decided.at(-1)!.decision).toEqual({ shown: true });
  });

  it('the tray\'s "quiet until" holds, and the digest comes when it ends', () => {
    const { core, digest } = quietCore();
    core.settings.notifications.quietHours.enabled = false;
    core.settings.notifications.quietUntil = at(27, 15);
    core.clock.now = at(27, 14);
    digest.check();
    core.deliver(started(2));
    expect(core.decided.at(-1)!.decision).toEqual({ shown: false, reason: 'held' });
    core.clock.advance(at(27, 15) - core.clock.now);
    expect(core.shown()).toMatchObject([{ event: 'QuietHoursDigest', body: '1 went live' }]);
    digest.stop();
  });

  it('tiers: a quiet room stays in the history; a favourite passes a pause when chosen', () => {
    const { core } = quietCore();
    core.settings.notifications.quietHours.enabled = false;
    core.settings.notifications.quietRooms = [2];
    core.clock.now = at(27, 12);
    core.deliver(started(2));
    expect(core.decided.at(-1)!.decision).toEqual({ shown: false, reason: 'quietRoom' });
    core.settings.notifications.pausedUntil = at(27, 18);
    core.deliver(started(7));
    expect(core.decided.at(-1)!.decision).toEqual({ shown: false, reason: 'paused' });
    core.settings.notifications.favouritesThroughPause = true;
    core.deliver(started(8)); // a normal room: still paused
    expect(core.decided.at(-1)!.decision).toEqual({ shown: false, reason: 'paused' });
    core.settings.notifications.favourites = [7, 9];
    core.deliver(started(9));
    expect(core.decided.at(-1)).toMatchObject({
      notification: { roomIds: [9] },
      decision: { shown: true },
    });
  });

  it('sounds follow the tier: silent, the OS default, or a named sound for favourites', () => {
    const { core } = quietCore();
    core.settings.notifications.quietHours.enabled = false;
    core.settings.notifications.sounds = { enabled: true, normal: 'silent', favourite: 'Glass' };
    core.clock.now = at(27, 12);
    core.deliver(started(2));
    core.deliver(started(7));
    expect(core.shown().map((n) => [n.silent, n.sound])).toEqual([
      [true, undefined],
      [undefined, 'Glass'],
    ]);
    core.settings.notifications.sounds.enabled = false;
    core.deliver(started(9));
    expect(core.shown().at(-1)!.silent).toBe(true);
  });
});
