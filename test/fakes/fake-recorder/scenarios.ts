import { randomUUID } from 'node:crypto';
import type { LogWarningKind } from '../../../shared/problem';
import {
  fileClosedEvent,
  fileOpeningEvent,
  relativePathFor,
  sessionEvent,
  streamEvent,
  WebhookClock,
  type PreparedEvent,
} from './events';
import type { FakeRoom } from './rooms';
import type { FakeRecorderState } from './state';

/** The recording guardian's scenarios: one per problem the fake recorder can show. */
export const GUARDIAN_SCENARIOS = [
  'not-recording',
  'stalled',
  'lagging',
  'danmaku-down',
  'recorder-warning',
  'no-file',
  'gaps',
  'healthy',
] as const;
/** A guardian scenario. */
export type GuardianScenario = (typeof GUARDIAN_SCENARIOS)[number];

/**
 * Puts `room` into a scenario. Poll-based ones change what REST shows (no webhooks); the log one
 * adds the recorder's trouble warnings; `no-file` and `gaps` return the webhooks the recorder
 * would send (a session without a file; a finished session with a 40 s hole between its files,
 * timed in the past so nobody waits). `healthy` undoes every poll-based scenario.
 */
export function applyScenario(
  state: FakeRecorderState,
  room: FakeRoom,
  scenario: GuardianScenario,
  warning: LogWarningKind = 'stuck',
): PreparedEvent[] {
  const now = state.now();
  switch (scenario) {
    case 'not-recording':
      // Live, auto-record on, and the recorder gave up: no session.
      Object.assign(room, { streaming: true, autoRecord: true, recording: false, sessionId: null });
      Object.assign(room, { sessionStartedAt: null, file: null });
      return [];
    case 'stalled':
      recordingNow(state, room);
      room.inputFrozenAt = now;
      return [];
    case 'lagging':
      recordingNow(state, room);
      room.durationRatio = 0.5;
      return [];
    case 'danmaku-down':
      room.danmakuConnected = false;
      return [];
    case 'recorder-warning':
      state.log.add('开始录制', {
        RoomId: room.roomId,
        SourceContext: 'BililiveRecorder.Core.Room',
      });
      state.log.warn(warning, room.roomId);
      return [];
    case 'no-file': {
      const sessionId = randomUUID();
      Object.assign(room, { streaming: true, recording: true, sessionId, sessionStartedAt: now });
      return [sessionEvent('SessionStarted', room, sessionId, state.stamp())];
    }
    case 'gaps':
      return gappedSession(room, now);
    case 'healthy':
      delete room.inputFrozenAt;
      delete room.durationRatio;
      room.danmakuConnected = true;
      if (room.streaming && room.autoRecord) recordingNow(state, room);
      return [];
  }
}

function recordingNow(state: FakeRecorderState, room: FakeRoom): void {
  room.streaming = true;
  if (room.sessionId === null) state.startRecording(room);
}

// SessionStarted 120 s ago; files at -119…-60 s and -20…-1 s (a 40 s hole); SessionEnded now.
function gappedSession(room: FakeRoom, now: number): PreparedEvent[] {
  const clock = new WebhookClock();
  const sessionId = randomUUID();
  const at = (secondsAgo: number) => clock.stamp(now - secondsAgo * 1000);
  const events = [streamEvent('StreamStarted', room, at(121))];
  events.push(sessionEvent('SessionStarted', room, sessionId, at(120)));
  for (const [open, close] of [
    [119, 60],
    [20, 1],
  ] as const) {
    const opened = at(open);
    const file = {
      relativePath: relativePathFor(room, opened.ms),
      openedAt: opened.ms,
      openedAtText: opened.text,
    };
    events.push(fileOpeningEvent(room, sessionId, file, opened));
    const closed = at(close);
    events.push(fileClosedEvent(room, sessionId, file, closed, closed));
  }
  events.push(sessionEvent('SessionEnded', room, sessionId, at(0)));
  return events;
}
