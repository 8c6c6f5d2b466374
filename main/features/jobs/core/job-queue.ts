import { runsOnce } from '../../../../shared/job-rules';
import type { JobCounts } from '../../../../shared/jobs';
import type { Clock } from '../../../core/ports';
import { keepLines, newJob, type JobProcess, type JobSpec, type StoredJob } from './job-record';

/** Tries of one step before its job fails. */
export const MAX_STEP_TRIES = 3;
/** Waits before the second and third try of a step. */
export const RETRY_BACK_OFF_MS = [10_000, 60_000] as const;
/** Finished jobs kept (the oldest go past it). */
export const FINISHED_JOBS_KEPT = 500;

/** How a step ended on one file. */
export type StepEnd =
  | { ok: true; carry: string; produced: string | null }
  | { ok: false; error: string; /** false: trying again cannot help */ retry?: boolean };

/**
 * The jobs' decisions, pure on an injected clock: which job runs next (`concurrency` at a time,
 * back-off after a failed try), what a step's end does to its job, cancel and retry, and what a
 * restart finds. Each change returns the job changed; the caller stores it and tells the window.
 */
export class JobQueue {
  readonly #jobs = new Map<string, StoredJob>();
  readonly #keys = new Map<string, string>();
  readonly #clock: Clock;
  readonly #backOffMs: readonly number[];

  /** `backOffMs`: the waits before the second and third try (tests shorten them). */
  constructor(clock: Clock, backOffMs: readonly number[] = RETRY_BACK_OFF_MS) {
    this.#clock = clock;
    this.#backOffMs = backOffMs;
  }

  /**
   * Takes the stored jobs at start. A job that was running when the app stopped runs its step
   * again (its process, if one is still alive, is returned to be stopped first).
   */
  load(jobs: readonly StoredJob[]): { resumed: StoredJob[]; stale: JobProcess[] } {
    const resumed: StoredJob[] = [];
    const stale: JobProcess[] = [];
    for (const job of jobs) {
      if (job.status === 'running') {
        if (job.process) stale.push(job.process);
        job.status = 'queued';
        job.process = null;
        job.progress = null;
        const step = job.steps[job.step];
        if (step) step.status = 'pending';
        resumed.push(job);
      }
      this.#jobs.set(job.id, job);
      this.#keys.set(job.key, job.id);
    }
    return { resumed, stale };
  }

  /** Queues a job, unless one for the same rule and file or session exists already. */
  add(spec: JobSpec, id: string): StoredJob | null {
    const job = newJob(spec, id, this.#clock());
    if (this.#keys.has(job.key)) return null;
    this.#jobs.set(id, job);
    this.#keys.set(job.key, id);
    return job;
  }

  /** A job by id. */
  get(id: string): StoredJob | undefined {
    return this.#jobs.get(id);
  }

  /** Every job, newest first. */
  list(): StoredJob[] {
    return [...this.#jobs.values()].sort(
      (a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : 1),
    );
  }

  /** Counts by state. */
  counts(): JobCounts {
    const counts = { queued: 0, running: 0, failed: 0 };
    for (const job of this.#jobs.values()) {
      if (job.status === 'queued' || job.status === 'running' || job.status === 'failed')
        counts[job.status] += 1;
    }
    return counts;
  }

  /** The queued jobs to start now, oldest first, so that at most `concurrency` run. */
  startable(concurrency: number): StoredJob[] {
    const now = this.#clock();
    const running = [...this.#jobs.values()].filter((j) => j.status === 'running').length;
    const free = Math.max(0, concurrency - running);
    return [...this.#jobs.values()]
      .filter((j) => j.status === 'queued' && (j.nextTryAt === null || j.nextTryAt <= now))
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, free);
  }

  /** When the next waiting try is due (epoch ms); null: none waits. */
  nextWakeAt(): number | null {
    let next: number | null = null;
    for (const job of this.#jobs.values()) {
      if (job.status === 'queued' && job.nextTryAt !== null)
        next = next === null ? job.nextTryAt : Math.min(next, job.nextTryAt);
    }
    return next;
  }

  /** A try of the job's current step starts. */
  start(id: string): StoredJob {
    const job = this.#must(id);
    const now = this.#clock();
    const step = job.steps[job.step]!;
    job.status = 'running';
    job.nextTryAt = null;
    job.progress = null;
    job.error = null;
    step.status = 'running';
    step.tries += 1;
    step.error = null;
    step.startedAt = now;
    job.tries = step.tries;
    return this.#touched(job, now);
  }

  /** The step's process started (or ended: null). */
  process(id: string, process: JobProcess | null): StoredJob {
    const job = this.#must(id);
    job.process = process;
    return this.#touched(job);
  }

  /** Progress 0..1 of the running step over all the job's inputs (one run of a step on them all). */
  progress(id: string, fraction: number | null): StoredJob {
    const job = this.#must(id);
    const files = this.#once(job) ? 1 : Math.max(1, job.inputs.length);
    job.progress = fraction === null ? null : Math.min(1, (job.fileIndex + fraction) / files);
    return this.#touched(job);
  }

  /** Output lines of the running step's tool. */
  lines(id: string, lines: readonly string[]): StoredJob {
    const job = this.#must(id);
    job.output = keepLines(job.output, lines);
    return this.#touched(job);
  }

  /**
   * The current step ended on the current input (or, for a step run once, on them all): next
   * input, next step, done; or a failed try,
   * run again after a back-off up to MAX_STEP_TRIES, then the job fails with the tool's words.
   * A job cancelled meanwhile stays cancelled.
   */
  stepEnded(id: string, end: StepEnd): StoredJob {
    const job = this.#must(id);
    const now = this.#clock();
    job.process = null;
    if (job.status !== 'running') return this.#touched(job, now);
    const step = job.steps[job.step]!;
    if (!end.ok) {
      step.error = end.error;
      job.progress = null;
      if (end.retry !== false && step.tries < MAX_STEP_TRIES) {
        step.status = 'pending';
        job.status = 'queued';
        const waits = this.#backOffMs;
        job.nextTryAt = now + (waits[Math.min(step.tries, waits.length) - 1] ?? 0);
      } else {
        step.status = 'failed';
        step.endedAt = now;
        job.status = 'failed';
        job.error = end.error;
      }
      return this.#touched(job, now);
    }
    const once = this.#once(job);
    if (!once) job.carries[job.fileIndex] = end.carry; // a step run once leaves the files as they are
    if (end.produced !== null) {
      step.output = end.produced;
      job.outputPath = end.produced;
    }
    if (!once && job.fileIndex + 1 < job.inputs.length) {
      job.fileIndex += 1; // the same step, on the session's next file, in the same try
      return this.#touched(job, now);
    }
    step.status = 'done';
    step.endedAt = now;
    job.fileIndex = 0;
    job.step += 1;
    job.tries = 0;
    job.progress = null;
    job.status = job.step >= job.steps.length ? 'done' : 'queued';
    return this.#touched(job, now);
  }

  /** Cancels a queued or running job (the caller stops a running step's process). */
  cancel(id: string): StoredJob | 'notFound' | 'notCancellable' {
    const job = this.#jobs.get(id);
    if (!job) return 'notFound';
    if (job.status !== 'queued' && job.status !== 'running') return 'notCancellable';
    const now = this.#clock();
    job.status = 'cancelled';
    job.progress = null;
    job.nextTryAt = null;
    const step = job.steps[job.step];
    if (step && (step.status === 'running' || step.status === 'pending')) {
      step.status = 'cancelled';
      step.endedAt = now;
    }
    return this.#touched(job, now);
  }

  /** Queues a failed or cancelled job again, from the step it stopped at, with fresh tries. */
  retry(id: string): StoredJob | 'notFound' | 'notRetryable' {
    const job = this.#jobs.get(id);
    if (!job) return 'notFound';
    if (job.status !== 'failed' && job.status !== 'cancelled') return 'notRetryable';
    const step = job.steps[job.step];
    if (step) {
      step.status = 'pending';
      step.tries = 0;
      step.error = null;
      step.endedAt = null;
    }
    job.status = 'queued';
    job.tries = 0;
    job.error = null;
    job.nextTryAt = null;
    return this.#touched(job);
  }

  /** Forgets the oldest finished jobs past FINISHED_JOBS_KEPT; returns their ids. */
  prune(): string[] {
    const finished = this.list().filter(
      (j) => j.status === 'done' || j.status === 'failed' || j.status === 'cancelled',
    );
    const gone = finished.slice(FINISHED_JOBS_KEPT).map((j) => j.id);
    for (const id of gone) {
      const job = this.#jobs.get(id)!;
      this.#jobs.delete(id);
      this.#keys.delete(job.key);
    }
    return gone;
  }

  /** Whether the job's current step runs once with every file (`{outputs}`). */
  #once(job: StoredJob): boolean {
    const step = job.rule.steps[job.step];
    return step !== undefined && runsOnce(step);
  }

  #must(id: string): StoredJob {
    const job = this.#jobs.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  #touched(job: StoredJob, now = this.#clock()): StoredJob {
    job.updatedAt = now;
    return job;
  }
}
