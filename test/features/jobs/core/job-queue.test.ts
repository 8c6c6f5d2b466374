import { describe, expect, it } from 'vitest';
import { JobRule } from '../../../../shared/job-rules';
import { JobQueue, RETRY_BACK_OFF_MS } from '../../../../main/features/jobs/core/job-queue';
import type { JobSpec } from '../../../../main/features/jobs/core/job-record';
import { matchingRules, SessionFiles } from '../../../../main/features/jobs/core/rule-match';

function spec(inputs = ['/rec/a.flv'], subject = inputs[0]!): JobSpec {
  return {
    rule: JobRule.parse({
      id: 'r',
      steps: [{ kind: 'remux' }, { kind: 'upload', remote: 'x:' }],
    }),
    facts: {
      recorderId: 'default',
      roomId: 1,
      streamer: 's',
      title: 't',
      area: '',
      sessionId: '',
      endedAt: 0,
    },
    inputs,
    subject,
  };
}

function queue() {
  let now = 1000;
  const q = new JobQueue(() => now);
  return { q, advance: (ms: number) => (now += ms), at: () => now };
}

describe('JobQueue', () => {
  it('runs the steps in order and ends done, with the last output', () => {
    const { q } = queue();
    const job = q.add(spec(), 'j1')!;
    expect(q.add(spec(), 'j2')).toBeNull(); // one job per rule and file
    expect(q.startable(1).map((j) => j.id)).toEqual(['j1']);
    q.start('j1');
    expect(q.startable(1)).toEqual([]);
    q.stepEnded('j1', { ok: true, carry: '/rec/a.mp4', produced: '/rec/a.mp4' });
    expect(job).toMatchObject({
      status: 'queued',
      step: 1,
      outputPath: '/rec/a.mp4',
      carries: ['/rec/a.mp4'],
    });
    q.start('j1');
    q.stepEnded('j1', { ok: true, carry: '/rec/a.mp4', produced: null });
    expect(job.status).toBe('done');
    expect(job.steps.map((s) => s.status)).toEqual(['done', 'done']);
    expect(q.counts()).toEqual({ queued: 0, running: 0, failed: 0 });
  });

  it('keeps to the concurrency', () => {
    const { q } = queue();
    q.add(spec(['/a']), 'a');
    q.add(spec(['/b']), 'b');
    q.add(spec(['/c']), 'c');
    expect(q.startable(2).map((j) => j.id)).toEqual(['a', 'b']);
    q.start('a');
    expect(q.startable(2).map((j) => j.id)).toEqual(['b']);
    expect(q.counts()).toEqual({ queued: 2, running: 1, failed: 0 });
  });

  it('tries a failing step 3 times with back-off, then fails with the tool words', () => {
    const { q, advance } = queue();
    const job = q.add(spec(), 'j')!;
    q.start('j');
    q.stepEnded('j', { ok: false, error: 'boom 1' });
    expect(job.status).toBe('queued');
    expect(q.startable(1)).toEqual([]);
    expect(q.nextWakeAt()).toBe(1000 + RETRY_BACK_OFF_MS[0]);
    advance(RETRY_BACK_OFF_MS[0]);
    q.start('j');
    q.stepEnded('j', { ok: false, error: 'boom 2' });
    advance(RETRY_BACK_OFF_MS[1]);
    expect(q.startable(1).map((j) => j.id)).toEqual(['j']);
    q.start('j');
    q.stepEnded('j', { ok: false, error: 'boom 3' });
    expect(job).toMatchObject({ status: 'failed', error: 'boom 3' });
    expect(job.steps[0]).toMatchObject({ status: 'failed', tries: 3 });
    expect(q.retry('j')).toBe(job);
    expect(job).toMatchObject({ status: 'queued', tries: 0, error: null });
  });

  it('fails at once when trying again cannot help', () => {
    const { q } = queue();
    const job = q.add(spec(), 'j')!;
    q.start('j');
    q.stepEnded('j', { ok: false, error: 'no XML', retry: false });
    expect(job.status).toBe('failed');
  });

  it('cancels, refuses what it cannot, and a cancelled step ending late stays cancelled', () => {
    const { q } = queue();
    const job = q.add(spec(), 'j')!;
    q.start('j');
    expect(q.cancel('j')).toBe(job);
    q.stepEnded('j', { ok: true, carry: '/x', produced: '/x' });
    expect(job.status).toBe('cancelled');
    expect(q.cancel('j')).toBe('notCancellable');
    expect(q.cancel('nope')).toBe('notFound');
    expect(q.retry('nope')).toBe('notFound');
    q.add(spec(['/other']), 'k');
    expect(q.retry('k')).toBe('notRetryable');
  });

  it('runs a session step on each file in turn', () => {
    const { q } = queue();
    const job = q.add(spec(['/a.flv', '/b.flv'], 'session:s'), 'j')!;
    q.start('j');
    q.progress('j', 0.5);
    expect(job.progress).toBe(0.25);
    q.stepEnded('j', { ok: true, carry: '/a.mp4', produced: '/a.mp4' });
    expect(job).toMatchObject({ status: 'running', step: 0, fileIndex: 1 });
    q.stepEnded('j', { ok: true, carry: '/b.mp4', produced: '/b.mp4' });
    expect(job).toMatchObject({
      status: 'queued',
      step: 1,
      fileIndex: 0,
      carries: ['/a.mp4', '/b.mp4'],
    });
  });

  it('runs a step with {outputs} once for the whole session, retried as one', () => {
    const { q } = queue();
    const rule = JobRule.parse({
      id: 'post',
      on: 'SessionEnded',
      steps: [{ kind: 'remux' }, { kind: 'run', program: 'biliup', args: ['upload', '{outputs}'] }],
    });
    const job = q.add({ ...spec(['/a.flv', '/b.flv'], 'session:s'), rule }, 'j')!;
    q.start('j');
    q.stepEnded('j', { ok: true, carry: '/a.mp4', produced: '/a.mp4' });
    q.stepEnded('j', { ok: true, carry: '/b.mp4', produced: '/b.mp4' });
    expect(job).toMatchObject({ status: 'queued', step: 1, carries: ['/a.mp4', '/b.mp4'] });
    q.start('j');
    q.progress('j', 0.5);
    expect(job.progress).toBe(0.5); // one run over both files, not half of the first
    q.stepEnded('j', { ok: false, error: 'network down' });
    expect(job).toMatchObject({ status: 'queued', step: 1, fileIndex: 0 });
    q.start('j');
    expect(job.steps[1]?.tries).toBe(2);
    q.stepEnded('j', { ok: true, carry: '/a.mp4', produced: null });
    expect(job).toMatchObject({ status: 'done', fileIndex: 0, carries: ['/a.mp4', '/b.mp4'] });
  });

  it('after a restart runs the interrupted step again and names the process to stop', () => {
    const { q } = queue();
    const job = q.add(spec(), 'j')!;
    q.start('j');
    q.process('j', { pid: 4242, startedAt: 1000 });
    const stored = structuredClone(job);
    const { q: again } = queue();
    const { resumed, stale } = again.load([stored]);
    expect(stale).toEqual([{ pid: 4242, startedAt: 1000 }]);
    expect(resumed[0]).toMatchObject({ status: 'queued', step: 0, process: null });
    expect(again.startable(1).map((j) => j.id)).toEqual(['j']);
    expect(again.add(spec(), 'j2')).toBeNull();
  });

  it('keeps the output lines bounded', () => {
    const { q } = queue();
    const job = q.add(spec(), 'j')!;
    q.lines(
      'j',
      Array.from({ length: 80 }, (_, i) => `line ${i}`),
    );
    expect(job.output).toHaveLength(50);
    expect(job.output.at(-1)).toBe('line 79');
  });
});

describe('matchingRules and SessionFiles', () => {
  const jobs = {
    enabled: true,
    rules: [
      JobRule.parse({ id: 'all', steps: [{ kind: 'remux' }] }),
      JobRule.parse({ id: 'room2', rooms: [2], steps: [{ kind: 'remux' }] }),
      JobRule.parse({ id: 'nas', recorders: ['nas'], steps: [{ kind: 'remux' }] }),
      JobRule.parse({ id: 'sess', on: 'SessionEnded', steps: [{ kind: 'remux' }] }),
    ],
  };

  it('match by trigger, room and recorder, and nothing while off', () => {
    expect(matchingRules(jobs, 'FileClosed', 1, 'default').map((r) => r.id)).toEqual(['all']);
    expect(matchingRules(jobs, 'FileClosed', 2, 'nas').map((r) => r.id)).toEqual([
      'all',
      'room2',
      'nas',
    ]);
    expect(matchingRules(jobs, 'SessionEnded', 2, 'nas').map((r) => r.id)).toEqual(['sess']);
    expect(matchingRules({ ...jobs, enabled: false }, 'FileClosed', 1, 'default')).toEqual([]);
  });

  it('gather a session files, late ones too, until the hold ends, in the order recorded', () => {
    const sessions = new SessionFiles();
    sessions.fileClosed('k', '/b', 20);
    sessions.ended('k', 100);
    sessions.fileClosed('k', '/a', 10); // after SessionEnded: the recorder keeps no order
    sessions.fileClosed('k', '/a', 10);
    expect(sessions.nextDueAt(50)).toBe(150);
    expect(sessions.due(149, 50)).toEqual([]);
    expect(sessions.due(150, 50)).toEqual([{ key: 'k', files: ['/a', '/b'], endedAt: 100 }]);
    expect(sessions.due(1000, 50)).toEqual([]);
  });
});
