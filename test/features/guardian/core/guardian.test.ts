import { describe, expect, it } from 'vitest';
import type { SessionReport } from '../../../../shared/problem';
import type { PolledRoom } from '../../../../shared/recorder/rest';
import { parseWebhook } from '../../../../shared/recorder/webhook';
import { defaultSettings, type GuardianSettings, type Settings } from '../../../../shared/settings';
import type { ProblemChange } from '../../../../main/features/guardian/core/episodes';
import { Guardian } from '../../../../main/features/guardian/core/guardian';
import { fixtureJson } from '../../../helpers/fixtures';
import { relativePathFor, ts, v2 } from '../../../helpers/recorder-events';

const GIB = 2 ** 30;

function setup(guardian: Partial<GuardianSettings> = {}, more: Partial<Settings> = {}) {
  let now = 1_000_000;
  const settings: Settings = { ...defaultSettings(), ...more };
  settings.guardian = { ...settings.guardian, ...guardian };
  const changes: ProblemChange[] = [];
  const reports: SessionReport[] = [];
  const g = new Guardian({
    clock: () => now,
    settings: () => settings,
    recorder: () => settings.recorders[0]!,
    changed: (c) => changes.push(c),
    reported: (r) => reports.push(r),
  });
  return {
    g,
    settings,
    changes,
    reports,
    at(seconds: number) {
      now = 1_000_000 + seconds * 1000;
    },
    starts: () => changes.filter((c) => c.type === 'start'),
    ends: () => changes.filter((c) => c.type === 'end'),
  };
}

function room(
  over: Partial<PolledRoom> = {},
  stats: Partial<NonNullable<PolledRoom['stats']>> = {},
): PolledRoom {
  return {
    roomId: 23058,
    shortId: 3,
    name: '3号直播间',
    title: 't',
    areaNameParent: '',
    areaNameChild: '',
    streaming: true,
    recording: true,
    danmakuConnected: true,
    autoRecord: true,
    stats: {
      sessionDurationMs: 0,
      currentFileSize: 0,
      networkMbps: 1,
      durationRatio: 1,
      inputBytes: 0,
      writeBytesPerSecond: 0,
      ...stats,
    },
    ...over,
  };
}

/** Polls every `step` seconds from `from` to `to` inclusive with rooms made by `make(t)`. */
function pollEvery(
  t: ReturnType<typeof setup>,
  from: number,
  to: number,
  step: number,
  make: (s: number) => PolledRoom[],
) {
  for (let s = from; s <= to; s += step) {
    t.at(s);
    t.g.polled(make(s));
  }
}

const webhook = (body: Record<string, unknown>) => {
  const parsed = parseWebhook(body);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
};

describe('poll rules on a fake clock', () => {
  const cases: [string, number, Partial<PolledRoom>, { durationRatio?: number; frozen?: true }][] =
    [
      ['not-recording', 60, { recording: false }, {}],
      ['stalled', 60, {}, { frozen: true }],
      ['lagging', 120, {}, { durationRatio: 0.5 }],
      ['danmaku-down', 300, { danmakuConnected: false }, {}],
    ];

  it.each(cases)(
    '%s starts after %i s, exactly once, and its end is recorded',
    (code, seconds, over, stats) => {
      const t = setup();
      // Input bytes grow by 1 MB per poll unless the case freezes them.
      const bytes = (s: number) => (stats.frozen ? 5000 : 1_000_000 + s * 1000);
      pollEvery(t, 0, seconds - 10, 10, (s) => [
        room(over, { durationRatio: stats.durationRatio ?? 1, inputBytes: bytes(s) }),
      ]);
      expect(t.changes).toEqual([]);
      pollEvery(t, seconds, seconds + 600, 10, (s) => [
        room(over, { ...stats, inputBytes: bytes(s) }),
      ]);
      expect(t.starts()).toEqual([
        expect.objectContaining({
          code,
          roomId: 23058,
          quiet: false,
          at: 1_000_000 + seconds * 1000,
        }),
      ]);
      expect(t.g.problems()).toEqual([expect.objectContaining({ code, roomId: 23058 })]);
      t.at(seconds + 610);
      t.g.polled([room({}, { inputBytes: 9e9 })]);
      expect(t.ends()).toEqual([expect.objectContaining({ code, roomId: 23058 })]);
      expect(t.g.problems()).toEqual([]);
    },
  );

  it('a healthy room never alerts, over hours of polls', () => {
    const t = setup();
    pollEvery(t, 0, 4 * 3600, 10, (s) => [
      room({}, { inputBytes: s * 500_000 }),
      room({ roomId: 1, recording: false, streaming: false }),
    ]);
    expect(t.changes).toEqual([]);
  });

  it('a problem back within the quiet time is recorded without a popup (flapping); later it pops up again', () => {
    const t = setup({ notRecordingSeconds: 10 });
    const stuck = () => [room({ recording: false })];
    const fine = () => [room({}, { inputBytes: Math.random() * 1e9 })];
    pollEvery(t, 0, 10, 10, stuck);
    t.at(20);
    t.g.polled(fine());
    pollEvery(t, 30, 40, 10, stuck);
    expect(t.starts().map((c) => c.quiet)).toEqual([false, true]);
    t.at(50);
    t.g.polled(fine());
    pollEvery(t, 50 + 301, 50 + 311, 10, stuck); // more than 5 minutes after the last end
    expect(t.starts().map((c) => c.quiet)).toEqual([false, true, false]);
  });

  it('thresholds come from the settings, read at every poll', () => {
    const t = setup({ laggingSeconds: 5, laggingRatio: 0.5 });
    pollEvery(t, 0, 20, 5, (s) => [room({}, { durationRatio: 0.6, inputBytes: s * 1e6 })]);
    expect(t.changes).toEqual([]);
    t.settings.guardian.laggingRatio = 0.9;
    pollEvery(t, 25, 30, 5, (s) => [room({}, { durationRatio: 0.6, inputBytes: s * 1e6 })]);
    expect(t.starts()).toEqual([expect.objectContaining({ code: 'lagging', at: 1_030_000 })]);
  });

  it('rooms outside the settings selection, and rooms that disappear, end their problems', () => {
    const t = setup({ notRecordingSeconds: 0 });
    t.g.polled([room({ recording: false }), room({ roomId: 7, shortId: 0, recording: false })]);
    expect(
      t
        .starts()
        .map((c) => c.roomId)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([7, 23058]);
    t.settings.recorders = [{ ...t.settings.recorders[0]!, rooms: [3] }];
    t.at(1);
    t.g.polled([room({ recording: false }), room({ roomId: 7, shortId: 0, recording: false })]);
    expect(t.ends().map((c) => c.roomId)).toEqual([7]);
  });

  it('the guardian switched off decides nothing', () => {
    const t = setup({ enabled: false, notRecordingSeconds: 0 });
    pollEvery(t, 0, 100, 10, () => [room({ recording: false })]);
    expect(t.changes).toEqual([]);
  });
});

describe('webhook rules', () => {
  const r = { roomId: 23058, name: '3号直播间' };
  const sid = '3f0b4b3c-6f0e-4d8e-9a5b-2d1c0e9f8a71';

  it('no-file: a session with no file for 60 s starts a problem; the file opening ends it', () => {
    const t = setup();
    t.g.webhook(webhook(v2('SessionStarted', r, 0, { SessionId: sid })));
    t.at(59);
    t.g.tick();
    expect(t.changes).toEqual([]);
    t.at(60);
    t.g.tick();
    t.at(61);
    t.g.tick();
    expect(t.starts()).toEqual([expect.objectContaining({ code: 'no-file', roomId: 23058 })]);
    const path = relativePathFor(r, 70);
    t.at(70);
    t.g.webhook(
      webhook(
        v2('FileOpening', r, 70, { SessionId: sid, RelativePath: path, FileOpenTime: ts(70) }),
      ),
    );
    expect(t.ends()).toEqual([expect.objectContaining({ code: 'no-file' })]);
  });

  it('a complete session gives a report and no problem', () => {
    const t = setup();
    const events = sessionEvents(
      r,
      sid,
      [
        [1, 600],
        [600.5, 1200],
      ],
      1201,
    );
    for (const e of events) t.g.webhook(webhook(e));
    expect(t.reports).toEqual([
      expect.objectContaining({
        roomId: 23058,
        sessionId: sid,
        files: 2,
        bytes: 3_000_000,
        gaps: 0,
      }),
    ]);
    expect(t.reports[0]!.coverage).toBeGreaterThan(0.99);
    expect(t.changes).toEqual([]);
  });

  it('incomplete-session: a gap of 30 s or more, or low coverage, at SessionEnded; the report waits for a late FileClosed', () => {
    const t = setup();
    const events = sessionEvents(
      r,
      sid,
      [
        [0, 300],
        [340, 600],
      ],
      600,
    );
    // SessionEnded before the last FileClosed (no ordering between the recorder's events).
    const last = events.splice(events.length - 2, 1);
    for (const e of [...events, ...last].slice(0, -1)) t.g.webhook(webhook(e));
    expect(t.reports).toEqual([]);
    t.g.webhook(webhook(last[0]!));
    expect(t.reports).toEqual([expect.objectContaining({ gaps: 1, longestGapSeconds: 40 })]);
    expect(t.starts()).toEqual([
      expect.objectContaining({
        code: 'incomplete-session',
        roomId: 23058,
        facts: expect.objectContaining({ gaps: 1 }),
      }),
    ]);
    t.at(600);
    t.g.tick();
    expect(t.ends()).toEqual([expect.objectContaining({ code: 'incomplete-session' })]);
  });

  it('a session whose FileClosed never comes is reported after the wait', () => {
    const t = setup({ reportWaitSeconds: 30 });
    const events = sessionEvents(r, sid, [[0, 100]], 100).filter(
      (e) => e.EventType !== 'FileClosed',
    );
    for (const e of events) t.g.webhook(webhook(e));
    expect(t.reports).toEqual([]);
    t.at(30);
    t.g.tick();
    expect(t.reports).toEqual([expect.objectContaining({ files: 1 })]);
  });
});

describe('the recorder log and the set-up', () => {
  it('recorder-warning: each trouble template once per room and kind; the 412 block is about no room', () => {
    const t = setup();
    const fetched = fixtureJson<{ logs: unknown[] }>(
      'synthesized/rest-GET-api-log-fetch.after-cursor.json',
    );
    t.g.logEntries(fetched.logs);
    t.g.logEntries(fetched.logs);
    expect(t.starts().map((c) => [c.roomId, c.facts?.warning])).toEqual([
      [23058, 'stuck'],
      [21452505, 'io-error'],
      [21460424, 'low-quality'],
      [undefined, 'blocked'],
    ]);
    t.at(599);
    t.g.tick();
    expect(t.ends()).toEqual([]);
    t.at(600);
    t.g.tick();
    expect(t.ends()).toHaveLength(4);
  });

  it("a recorder's own problem: one alert per episode and error name, over after the warning time, none while off", () => {
    const t = setup();
    const disk = { warning: 'disk-low', facts: { freeBytes: 5, thresholdBytes: 9 } } as const;
    t.g.recorderProblem(disk);
    t.at(300);
    t.g.recorderProblem({ ...disk, facts: { freeBytes: 4, thresholdBytes: 9 } });
    t.g.recorderProblem({ warning: 'recorder-error', facts: { errorName: 'OSError' } });
    t.g.recorderProblem({ warning: 'recorder-error', facts: { errorName: 'OSError' } });
    t.g.recorderProblem({ warning: 'recorder-error', facts: { errorName: 'KeyError' } });
    expect(t.starts().map((c) => [c.roomId, c.facts])).toEqual([
      [undefined, { warning: 'disk-low', freeBytes: 5, thresholdBytes: 9 }],
      [undefined, { warning: 'recorder-error', errorName: 'OSError' }],
      [undefined, { warning: 'recorder-error', errorName: 'KeyError' }],
    ]);
    // The disk told again at 300 s: open ten minutes from then, its facts the newest.
    expect(t.g.problems()[0]!.facts).toEqual({
      warning: 'disk-low',
      freeBytes: 4,
      thresholdBytes: 9,
    });
    t.at(899);
    t.g.tick();
    expect(t.ends()).toEqual([]);
    t.at(900);
    t.g.tick();
    expect(t.ends()).toHaveLength(3);
    t.settings.guardian = { ...t.settings.guardian, enabled: false };
    t.g.recorderProblem({ warning: 'login-expired' });
    expect(t.starts()).toHaveLength(3);
  });

  it('disk-low: under 10 GiB free starts it, once; plenty of space ends it', () => {
    const t = setup();
    t.g.diskSample(50 * GIB);
    t.at(60);
    t.g.diskSample(9 * GIB);
    t.at(120);
    t.g.diskSample(8 * GIB);
    expect(t.starts()).toEqual([
      expect.objectContaining({ code: 'disk-low', facts: { freeBytes: 9 * GIB } }),
    ]);
    expect(t.starts()[0]!.roomId).toBeUndefined();
    t.at(180);
    t.g.diskSample(30 * GIB);
    expect(t.ends()).toEqual([expect.objectContaining({ code: 'disk-low' })]);
  });

  it('disk-low by runway: under 2 h at the polled write rate, and a new alert each time the runway halves', () => {
    const t = setup();
    const rate = 10 * 2 ** 20; // 10 MiB/s: 36 GiB an hour
    t.g.polled([room({}, { inputBytes: 1, writeBytesPerSecond: rate })]);
    t.g.diskSample(100 * GIB); // 2.8 h (10 MiB/s is 35.2 GiB an hour)
    expect(t.changes).toEqual([]);
    t.at(10);
    t.g.polled([room({}, { inputBytes: 2, writeBytesPerSecond: rate })]);
    t.g.diskSample(60 * GIB); // 1.7 h
    t.at(20);
    t.g.diskSample(40 * GIB); // 1.1 h: not yet half
    t.at(30);
    t.g.diskSample(30 * GIB); // 0.85 h: halved
    t.at(40);
    t.g.diskSample(20 * GIB);
    const starts = t.starts();
    expect(starts.map((c) => Boolean(c.repeat))).toEqual([false, true]);
    expect(starts[0]!.facts?.runwayHours).toBeCloseTo((60 * 1024) / 10 / 3600, 5);
    expect(t.g.problems()).toHaveLength(1);
  });

  it('recorder-unreachable after the settings minutes without an answer; an answer ends it', () => {
    const t = setup();
    for (let s = 0; s < 300; s += 10) {
      t.at(s);
      t.g.unreachable();
    }
    expect(t.changes).toEqual([]);
    t.at(300);
    t.g.unreachable();
    t.at(310);
    t.g.unreachable();
    expect(t.starts()).toEqual([expect.objectContaining({ code: 'recorder-unreachable' })]);
    t.at(320);
    t.g.polled([]);
    expect(t.ends()).toEqual([expect.objectContaining({ code: 'recorder-unreachable' })]);
  });
});

/** A session's webhooks: SessionStarted at 0, files [open, close] in seconds, SessionEnded at `end`. */
function sessionEvents(
  r: { roomId: number; name: string },
  sessionId: string,
  files: [number, number][],
  end: number,
): Record<string, unknown>[] {
  const events = [v2('SessionStarted', r, 0, { SessionId: sessionId })];
  files.forEach(([open, close], i) => {
    const path = relativePathFor(r, i);
    const file = { SessionId: sessionId, RelativePath: path, FileOpenTime: ts(open) };
    events.push(v2('FileOpening', r, open, file));
    events.push(
      v2('FileClosed', r, close, {
        ...file,
        FileSize: 1_000_000 * (i + 1),
        Duration: close - open,
        FileCloseTime: ts(close),
      }),
    );
  });
  events.push(v2('SessionEnded', r, end, { SessionId: sessionId }));
  return events;
}
