import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WriteRate } from '../../../../main/features/guardian/core/disk-runway';
import { SessionTracker } from '../../../../main/features/guardian/core/sessions';
import { parseWebhook, type RecorderWebhook } from '../../../../shared/recorder/webhook';
import { v2 } from '../../../helpers/recorder-events';

const parsed = (body: Record<string, unknown>): RecorderWebhook => {
  const result = parseWebhook(body);
  if (!result.ok) throw new Error('test webhook does not parse');
  return result.value;
};

// Issue 21: the guardian's per-event state stays bounded under a flood of webhooks.
describe('the guardian under a flood', () => {
  it('tracks at most about 2,000 sessions, dropping the oldest first', () => {
    const tracker = new SessionTracker();
    const first = randomUUID();
    const room = { roomId: 1 };
    tracker.webhook(parsed(v2('SessionStarted', room, 0, { SessionId: first })), 0);
    for (let i = 1; i < 10_000; i++)
      tracker.webhook(parsed(v2('SessionStarted', room, i, { SessionId: randomUUID() })), i);
    expect(tracker.size).toBeLessThanOrEqual(2_000 + 250);
    expect(tracker.size).toBeGreaterThanOrEqual(2_000);
    // The oldest went: it ends with no report, as a session never seen would.
    tracker.webhook(parsed(v2('SessionEnded', room, 10_001, { SessionId: first })), 10_001);
    const finished = tracker.due(10_002, 60_000, 0).finished;
    expect(finished.find((s) => s.sessionId === first)).toBeUndefined();
  });

  it('holds finished files as sums per minute: the rate is the same, the memory is not', () => {
    const rate = new WriteRate();
    for (let i = 0; i < 100_000; i++) rate.fileClosed(1_000, i * 30); // 50 minutes, 100 MB
    expect(rate.buckets).toBeLessThanOrEqual(51);
    expect(rate.rate(3_000_000)).toBeCloseTo(100_000_000 / 3_000, 0);
    // An hour later every sum has aged out.
    expect(rate.rate(3_000_000 + 3_700_000)).toBe(0);
  });
});
