import { describe, expect, it } from 'vitest';
import { CommandRateLimit } from '../../main/core/command-rate-limit';
import { popupButtons } from '../../main/core/popup-buttons';

const idle = { recording: false, autoRecord: false };

describe('popupButtons', () => {
  it('go-live of a room that does not record offers record only while the API answers', () => {
    const live = { event: 'StreamStarted', roomIds: [23058] };
    expect(popupButtons(live, { room: idle, apiAnswers: true })).toEqual([
      'record',
      'openRoom',
      'mute',
      'favourite',
    ]);
    expect(popupButtons(live, { room: idle, apiAnswers: false })).toEqual([
      'openRoom',
      'mute',
      'favourite',
    ]);
    expect(popupButtons(live, { apiAnswers: true })).toEqual(['openRoom', 'mute', 'favourite']); // room unknown
  });

  it('a favourite already gets no "★" to make it one', () => {
    const live = { event: 'StreamStarted', roomIds: [23058] };
    expect(popupButtons(live, { room: idle, apiAnswers: false, favourite: true })).toEqual([
      'openRoom',
      'mute',
    ]);
  });

  it('a room with no page to open (a platform the app does not know) gets no open-room', () => {
    const live = { event: 'StreamStarted', roomIds: [2 ** 50 + 1] };
    expect(popupButtons(live, { room: idle, apiAnswers: false, noRoomPage: true })).toEqual([
      'mute',
      'favourite',
    ]);
  });

  it('go-live of a room that records, or records by itself, offers no record', () => {
    const live = { event: 'StreamStarted', roomIds: [23058] };
    const recording = { recording: true, autoRecord: false };
    const auto = { recording: false, autoRecord: true };
    expect(popupButtons(live, { room: recording, apiAnswers: true })).toEqual([
      'openRoom',
      'mute',
      'favourite',
    ]);
    expect(popupButtons(live, { room: auto, apiAnswers: true })).toEqual([
      'openRoom',
      'mute',
      'favourite',
    ]);
  });

  it('a finished file offers open and show when it has a checked path, else nothing', () => {
    const file = (action?: { kind: 'showFile'; path: string } | { kind: 'openWindow' }) => ({
      event: 'FileClosed',
      roomIds: [1],
      action,
    });
    const context = { apiAnswers: false };
    expect(popupButtons(file({ kind: 'showFile', path: '/rec/a.flv' }), context)).toEqual([
      'open',
      'show',
    ]);
    expect(popupButtons(file({ kind: 'openWindow' }), context)).toEqual([]);
    expect(popupButtons(file(), context)).toEqual([]);
  });

  it('a recording problem offers the window, and start where starting mends it', () => {
    const problem = (code: string) => ({ event: 'RecordingProblem', roomIds: [7], problem: code });
    expect(popupButtons(problem('not-recording'), { room: idle, apiAnswers: true })).toEqual([
      'openWindow',
      'record',
    ]);
    expect(popupButtons(problem('not-recording'), { room: idle, apiAnswers: false })).toEqual([
      'openWindow',
    ]);
    expect(popupButtons(problem('stalled'), { room: idle, apiAnswers: true })).toEqual([
      'openWindow',
    ]);
    const diskLow = { event: 'RecordingProblem', roomIds: [], problem: 'disk-low' };
    expect(popupButtons(diskLow, { apiAnswers: true })).toEqual(['openWindow']);
  });

  it('summaries of several rooms and other kinds have no buttons', () => {
    const summary = { event: 'StreamStarted', roomIds: [1, 2] };
    expect(popupButtons(summary, { room: idle, apiAnswers: true })).toEqual([]);
    expect(popupButtons({ event: 'SessionStarted', roomIds: [1] }, { apiAnswers: true })).toEqual(
      [],
    );
  });
});

describe('CommandRateLimit (fake clock)', () => {
  it('lets one command per room per second through', () => {
    let now = 10_000;
    const limit = new CommandRateLimit(() => now);
    expect(limit.take(1)).toBe(true);
    expect(limit.take(2)).toBe(true); // another room is not held up
    now += 999;
    expect(limit.take(1)).toBe(false);
    now += 1;
    expect(limit.take(1)).toBe(true);
    expect(limit.take(1)).toBe(false);
  });

  it('does not lock a room out when the clock steps back', () => {
    let now = 50_000;
    const limit = new CommandRateLimit(() => now);
    expect(limit.take(1)).toBe(true);
    now -= 60_000;
    expect(limit.take(1)).toBe(true);
  });

  it('forgets old rooms once many were used', () => {
    let now = 0;
    const limit = new CommandRateLimit(() => now);
    for (let room = 1; room <= 3000; room++) {
      expect(limit.take(room)).toBe(true);
      now += 5;
    }
    expect(limit.take(3000)).toBe(false); // the newest is still held
  });
});
