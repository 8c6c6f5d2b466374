import { describe, expect, it } from 'vitest';
import type { Happening } from '../../main/core/happening';
import {
  NotificationPolicy,
  type DecidedNotification,
  type PolicySettings,
} from '../../main/core/notification-policy';
import { popupButtons } from '../../main/core/popup-buttons';

const room = {
  roomId: 23058,
  shortId: 3,
  name: '3号直播间',
  title: '哔哩哔哩音悦台',
  areaNameParent: '电台',
  areaNameChild: '唱见电台',
  streaming: true,
  recording: false,
  danmakuConnected: true,
  autoRecord: false,
  updatedAt: 0,
};
const goLive: Happening = { kind: 'StreamStarted', roomId: 23058, at: 0, room, source: 'webhook' };

function policy(settings: Partial<PolicySettings>, apiAnswers = true) {
  let now = 1_000_000;
  const decided: DecidedNotification[] = [];
  const base: PolicySettings = {
    events: {
      StreamStarted: true,
      FileClosed: true,
      SessionStarted: false,
      SessionEnded: false,
      StreamEnded: false,
      RecordingProblem: true,
      ProblemResolved: false,
      SessionReport: false,
      // Every kind of happening is listed, the guardian's included.
    } as PolicySettings['events'],
    mutedRooms: [],
    pausedUntil: null,
    groupWindowSeconds: 0,
    flapMinutes: 5,
    language: 'en',
  };
  const p = new NotificationPolicy({
    clock: () => now,
    setTimer: () => () => {},
    settings: () => ({ ...base, ...settings }),
    actionFor: () => ({ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }),
    buttonsFor: (notification, happening) =>
      popupButtons(notification, { room: happening.room, apiAnswers }),
    decided: (record) => decided.push(record),
  });
  return { p, decided, advance: (ms: number) => (now += ms) };
}

describe('the policy gives each notification its buttons', () => {
  it('a go-live of a room with auto-record off carries record, openRoom, mute', () => {
    const { p, decided } = policy({});
    p.offer(goLive);
    expect(decided[0]?.notification.buttons).toEqual(['record', 'openRoom', 'mute', 'favourite']);
    // The click still opens the live room: the first button's action is not the click's.
    expect(decided[0]?.notification.action).toEqual({
      kind: 'openUrl',
      url: 'https://live.bilibili.com/23058',
    });
  });

  it('without a working API the go-live carries no record', () => {
    const { p, decided } = policy({}, false);
    p.offer(goLive);
    expect(decided[0]?.notification.buttons).toEqual(['openRoom', 'mute', 'favourite']);
  });

  it('"Mute 1 h" silences the room for an hour, then it pops up again', () => {
    const { p, decided, advance } = policy({
      mutedRoomsUntil: [{ roomId: 23058, until: 1_000_000 + 3_600_000 }],
    });
    p.offer(goLive);
    expect(decided[0]?.decision).toEqual({ shown: false, reason: 'muted' });
    advance(3_600_000 + 10 * 60_000); // past the mute and the flap window
    p.offer({ ...goLive, at: 3_600_000 });
    expect(decided[1]?.decision).toEqual({ shown: true });
  });
});
