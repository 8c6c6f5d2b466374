import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionTracker } from '../../../../main/features/guardian/core/sessions';
import { parseWebhook, type RecorderWebhook } from '../../../../shared/recorder/webhook';
import { relativePathFor, ts, v2 } from '../../../helpers/recorder-events';

const parsed = (body: Record<string, unknown>): RecorderWebhook => {
  const result = parseWebhook(body);
  if (!result.ok) throw new Error('test webhook does not parse');
  return result.value;
};

// The check a webhook makes (issue 21): only the session it touched, handed out once.
describe('SessionTracker.finishedNow', () => {
  const room = { roomId: 7 };
  const s1 = randomUUID();
  const file = { SessionId: s1, RelativePath: relativePathFor(room, 1), FileOpenTime: ts(1) };
  const closed = { ...file, FileSize: 1_000, Duration: 3, FileCloseTime: ts(4) };

  it('hands out a session once it ended and its files closed, then forgets it', () => {
    const tracker = new SessionTracker();
    tracker.webhook(parsed(v2('SessionStarted', room, 0, { SessionId: s1 })), 0);
    tracker.webhook(parsed(v2('FileOpening', room, 1, file)), 1);
    tracker.webhook(parsed(v2('SessionEnded', room, 2, { SessionId: s1 })), 2);
    // The file is still open and the wait not over: not yet.
    expect(tracker.finishedNow(s1, 3, 60_000)).toBeUndefined();
    tracker.webhook(parsed(v2('FileClosed', room, 4, closed)), 4);
    const finished = tracker.finishedNow(s1, 5, 60_000);
    expect(finished).toMatchObject({ roomId: 7, sessionId: s1 });
    expect(finished?.files).toHaveLength(1);
    expect(tracker.finishedNow(s1, 6, 60_000)).toBeUndefined();
    expect(tracker.size).toBe(0);
  });

  it('hands out an ended session with a file still open once the wait is over', () => {
    const tracker = new SessionTracker();
    tracker.webhook(parsed(v2('SessionStarted', room, 0, { SessionId: s1 })), 0);
    tracker.webhook(parsed(v2('FileOpening', room, 1, file)), 1);
    tracker.webhook(parsed(v2('SessionEnded', room, 2, { SessionId: s1 })), 2);
    expect(tracker.finishedNow(s1, 60_001, 60_000)).toBeUndefined();
    expect(tracker.finishedNow(s1, 60_002, 60_000)?.sessionId).toBe(s1);
  });

  it('leaves a running session alone and names the rooms still without a file', () => {
    const tracker = new SessionTracker();
    tracker.webhook(parsed(v2('SessionStarted', room, 0, { SessionId: s1 })), 0);
    expect(tracker.finishedNow(s1, 1, 0)).toBeUndefined();
    expect([...tracker.noFileRooms(59_999, 60_000)]).toEqual([]);
    expect([...tracker.noFileRooms(60_000, 60_000)]).toEqual([7]);
    tracker.webhook(parsed(v2('FileOpening', room, 60_001, file)), 60_001);
    expect([...tracker.noFileRooms(60_002, 60_000)]).toEqual([]);
  });
});
