import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Poller } from '../../main/adapters/poller';

/** A poll whose calls are recorded (by fake time) and whose answers the test decides. */
function scriptedPoll(answers: boolean[] = []) {
  const startedAt: number[] = [];
  let running = 0;
  let maxRunning = 0;
  const poll = vi.fn(async () => {
    startedAt.push(Date.now());
    running++;
    maxRunning = Math.max(maxRunning, running);
    await Promise.resolve();
    running--;
    return { ok: answers.shift() ?? true };
  });
  return { poll, startedAt, maxRunning: () => maxRunning };
}

/** A poll that stays in flight until the test settles it (or, unless stubborn, until aborted). */
function manualPoll({ stubborn = false } = {}) {
  const pending: { resolve: (ok: boolean) => void; signal: AbortSignal }[] = [];
  let running = 0;
  let maxRunning = 0;
  const poll = vi.fn(
    (signal: AbortSignal) =>
      new Promise<{ ok: boolean }>((resolve) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        let settled = false;
        const settle = (ok: boolean) => {
          if (settled) return;
          settled = true;
          running--;
          resolve({ ok });
        };
        pending.push({ signal, resolve: settle });
        if (!stubborn) signal.addEventListener('abort', () => settle(false), { once: true });
      }),
  );
  return { poll, pending, maxRunning: () => maxRunning };
}

let poller: Poller | undefined;
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(async () => {
  await poller?.stop();
  poller = undefined;
  vi.useRealTimers();
});

const t0 = 1_000_000;
const since = (times: number[]) => times.map((t) => t - t0);

describe('Poller', () => {
  it('polls at once on start, then every interval', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 10_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(35_000);
    expect(since(startedAt)).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('uses 10 s by default', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll });
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(since(startedAt)).toEqual([0, 10_000]);
  });

  it('doubles the wait after each failure, capped at 2 minutes', async () => {
    const { poll, startedAt } = scriptedPoll(Array(8).fill(false));
    poller = new Poller({ poll, intervalMs: 10_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(600_000);
    const gaps = startedAt.slice(1).map((t, i) => t - (startedAt[i] ?? 0));
    expect(gaps.slice(0, 6)).toEqual([20_000, 40_000, 80_000, 120_000, 120_000, 120_000]);
    expect(poller.consecutiveFailures).toBeGreaterThanOrEqual(6);
  });

  it('counts a throwing poll as a failure and reports the error', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const poll = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return { ok: true };
    });
    poller = new Poller({ poll, intervalMs: 1_000, onError: (e) => errors.push(e) });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.consecutiveFailures).toBe(1);
    expect(poller.currentDelayMs).toBe(2_000);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(poller.consecutiveFailures).toBe(0);
  });

  it('resets the back-off on success', async () => {
    const { poll, startedAt } = scriptedPoll([false, false, false, true, true]);
    poller = new Poller({ poll, intervalMs: 10_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = startedAt.slice(1).map((t, i) => t - (startedAt[i] ?? 0));
    // Fails at 0, 20 s, 60 s; succeeds at 140 s; then back to the interval.
    expect(gaps.slice(0, 5)).toEqual([20_000, 40_000, 80_000, 10_000, 10_000]);
  });

  it('never backs off below the interval', async () => {
    const { poll, startedAt } = scriptedPoll([false, false]);
    poller = new Poller({ poll, intervalMs: 300_000, maxBackoffMs: 120_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(700_000);
    expect(since(startedAt)).toEqual([0, 300_000, 600_000]);
  });

  it('pollNow polls at once and restarts the wait', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 10_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(4_000);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(since(startedAt)).toEqual([0, 4_000, 14_000]);
  });

  it('pollNow during a poll runs one more right after it, never two at once', async () => {
    const { poll, pending, maxRunning } = manualPoll();
    poller = new Poller({ poll, intervalMs: 10_000 });
    poller.start();
    expect(poll).toHaveBeenCalledTimes(1);
    poller.pollNow();
    poller.pollNow();
    poller.pollNow();
    expect(poll).toHaveBeenCalledTimes(1);
    pending[0]?.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(2);
    pending[1]?.resolve(true);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(maxRunning()).toBe(1);
  });

  it('does not start a timed poll while a slow one is in flight', async () => {
    const { poll, pending, maxRunning } = manualPoll();
    poller = new Poller({ poll, intervalMs: 1_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    pending[0]?.resolve(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(maxRunning()).toBe(1);
  });

  it('setInterval applies at once, timed from the end of the last poll', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 60_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    poller.setInterval(10_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(since(startedAt)).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('setInterval polls at once when the new interval has already passed', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 60_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(20_000);
    poller.setInterval(10_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(since(startedAt)).toEqual([0, 20_000]);
  });

  it('stop during an in-flight poll aborts it, waits for it, and schedules nothing', async () => {
    const { poll, pending } = manualPoll({ stubborn: true });
    const errors: unknown[] = [];
    poller = new Poller({ poll, intervalMs: 1_000, onError: (e) => errors.push(e) });
    poller.start();
    const stopped = poller.stop();
    expect(pending[0]?.signal.aborted).toBe(true);
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    pending[0]?.resolve(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poller.polling).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('stop while waiting clears the timer; pollNow after stop does nothing; no restart', async () => {
    const { poll } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 1_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(500);
    await poller.stop();
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(() => poller?.start()).toThrow(/cannot be started again/);
  });

  it('pollNow before start does nothing', async () => {
    const { poll } = scriptedPoll();
    poller = new Poller({ poll });
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).not.toHaveBeenCalled();
  });

  it('adds jitter when asked', async () => {
    const { poll, startedAt } = scriptedPoll();
    poller = new Poller({ poll, intervalMs: 10_000, jitterMs: 2_000, random: () => 0.5 });
    poller.start();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(since(startedAt)).toEqual([0, 11_000, 22_000]);
  });

  it('refuses a negative or non-finite interval', () => {
    const { poll } = scriptedPoll();
    expect(() => new Poller({ poll, intervalMs: -1 })).toThrow(RangeError);
    expect(() => new Poller({ poll, intervalMs: Number.NaN })).toThrow(RangeError);
  });
});
