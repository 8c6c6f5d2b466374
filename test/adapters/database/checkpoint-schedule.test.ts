import { describe, expect, it, vi } from 'vitest';
import {
  CHECKPOINT_WAL_BYTES,
  CheckpointSchedule,
  type ScheduleHooks,
} from '../../../main/adapters/database/checkpoint-schedule';
import type { CheckpointDone, Checkpointer } from '../../../main/adapters/database/checkpointer';

/** A checkpointer whose checkpoints end when the test says so. */
function fakeCheckpointer() {
  const calls = { checkpoints: 0, rests: 0, closes: 0 };
  let finish:
    { resolve: (done: CheckpointDone) => void; reject: (error: Error) => void } | undefined;
  let started: () => void = () => {};
  const checkpointer = {
    checkpoint: () => {
      calls.checkpoints += 1;
      started();
      return new Promise<CheckpointDone>((resolve, reject) => (finish = { resolve, reject }));
    },
    rest: () => void (calls.rests += 1),
    close: () => void (calls.closes += 1),
  } as unknown as Checkpointer;
  return {
    checkpointer,
    calls,
    /** Resolves once a checkpoint was asked of the worker. */
    nextStart: () => new Promise<void>((resolve) => (started = resolve)),
    finish: (done: CheckpointDone) => finish!.resolve(done),
    fail: (error: Error) => finish!.reject(error),
  };
}

function recordingHooks() {
  const told = { checkpointed: [] as CheckpointDone[], resumed: 0, failed: [] as unknown[] };
  let resumed: () => void = () => {};
  const hooks: ScheduleHooks = {
    checkpointed: (done) => told.checkpointed.push(done),
    resumed: () => {
      told.resumed += 1;
      resumed();
    },
    failed: (error) => told.failed.push(error),
  };
  return { hooks, told, nextResume: () => new Promise<void>((r) => (resumed = r)) };
}

describe('CheckpointSchedule', () => {
  it('runs one at once when a commit left the WAL past its limit, holding commits until it ends', async () => {
    const worker = fakeCheckpointer();
    const { hooks, told, nextResume } = recordingHooks();
    const schedule = new CheckpointSchedule(worker.checkpointer, hooks);
    expect(schedule.mayRestart).toBe(true); // nothing known of the WAL yet
    const started = worker.nextStart();
    schedule.committed(CHECKPOINT_WAL_BYTES + 1);
    expect(schedule.mayRestart).toBe(false); // the commit wrote after a synced header
    await started;
    expect(schedule.holding).toBe(true);
    const resumed = nextResume();
    worker.finish({ restarted: true, log: 1200, ms: 3 });
    await resumed;
    expect(schedule.holding).toBe(false);
    expect(schedule.mayRestart).toBe(false); // started over by the worker
    expect(told.checkpointed).toEqual([{ restarted: true, log: 1200, ms: 3 }]);
    schedule.close();
    expect(worker.calls).toEqual({ checkpoints: 1, rests: 0, closes: 1 });
  });

  it('a checkpoint that could not start the WAL over makes the next commit sync its header (NORMAL)', async () => {
    const worker = fakeCheckpointer();
    const { hooks, nextResume } = recordingHooks();
    const schedule = new CheckpointSchedule(worker.checkpointer, hooks);
    const started = worker.nextStart();
    schedule.committed(CHECKPOINT_WAL_BYTES * 2);
    await started;
    const resumed = nextResume();
    worker.finish({ restarted: false, log: 2048, ms: 5 });
    await resumed;
    expect(schedule.mayRestart).toBe(true);
    schedule.close();
  });

  it('a failed worker is told to the handle, which goes back to syncing on its own thread', async () => {
    const worker = fakeCheckpointer();
    const { hooks, told, nextResume } = recordingHooks();
    const schedule = new CheckpointSchedule(worker.checkpointer, hooks);
    const started = worker.nextStart();
    schedule.committed(CHECKPOINT_WAL_BYTES + 4096);
    await started;
    const resumed = nextResume();
    worker.fail(new Error('the worker exited'));
    await resumed;
    expect(told.failed).toEqual([new Error('the worker exited')]);
    expect(schedule.holding).toBe(false);
    expect(schedule.mayRestart).toBe(true);
    schedule.close();
  });

  it('a small WAL waits for the timer; closing stops it and ends the worker', () => {
    vi.useFakeTimers();
    try {
      const worker = fakeCheckpointer();
      const { hooks } = recordingHooks();
      const schedule = new CheckpointSchedule(worker.checkpointer, hooks);
      schedule.committed(4096);
      vi.advanceTimersByTime(4_999);
      expect(worker.calls.checkpoints).toBe(0);
      // A size that could not be read: the timer already set still comes, not sooner.
      schedule.committed(undefined);
      vi.advanceTimersByTime(1);
      expect(worker.calls.checkpoints).toBe(1);
      schedule.committed(4096);
      schedule.close();
      vi.advanceTimersByTime(60_000);
      expect(worker.calls).toEqual({ checkpoints: 1, rests: 0, closes: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});
