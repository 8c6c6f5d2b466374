import { stat } from 'node:fs/promises';
import { runsOnce, type JobRule, type JobTools } from '../../../../shared/job-rules';
import type { Job, ToolCheck } from '../../../../shared/jobs';
import type { Settings } from '../../../../shared/settings';
import { JobQueue, type StepEnd } from '../core/job-queue';
import { publicJob, type JobSpec, type StoredJob } from '../core/job-record';
import type { JobStore } from '../core/job-store';
import { placeholderValues } from '../core/placeholders';
import { planStep, type StepPlan } from '../core/step-plan';
import { errorDetail } from '../../../core/log-text';
import type { Clock, Logger } from '../../../core/ports';
import { hostPathStyle } from '../../../adapters/file-access';
import { checkTools } from '../adapters/find-program';
import { stopLeftover } from '../adapters/process-tree';
import { runStepPlan, type StepRun } from '../adapters/step-runner';
import type { JobsControl, JobsOutcome } from './jobs-handlers';

/** What the engine is built on. */
export interface JobsEngineDeps {
  clock: Clock;
  log: Logger;
  settings: () => Settings;
  store: JobStore;
  /** A job was added or changed: the window, the state, headless lines. */
  changed(job: Job): void;
  /** A job ended (done, failed): the popup. */
  ended(job: Job): void;
  /** Folders `move` may write into besides `jobs.moveRoots`: the local recording roots. */
  recordingRoots(): string[];
  /** The newest finished file under a recording root, for "try on the last file". */
  lastFile(): Promise<Omit<JobSpec, 'rule'> | null>;
  newId(): string;
  /** For tests: the waits before a step's second and third try. */
  backOffMs?: readonly number[];
  /** For tests: the environment of the programs (RCLONE_CONFIG…). */
  env?: NodeJS.ProcessEnv;
  /** For tests: how a step runs (default: the real programs). */
  runStep?: (plan: StepPlan, run: StepRun) => Promise<StepEnd>;
}

/**
 * The jobs: queued from finished files and sessions (only the local settings' rules name what
 * runs), run `concurrency` at a time through the adapters, kept in the JobStore after each change
 * of state, and picked up again at the next start (a step's leftover process stopped first).
 */
export class JobsEngine implements JobsControl {
  readonly #deps: JobsEngineDeps;
  readonly #queue: JobQueue;
  readonly #running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  readonly #saving = new Map<string, Promise<void>>();
  #wake: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  #started = false;

  constructor(deps: JobsEngineDeps) {
    this.#deps = deps;
    this.#queue = new JobQueue(deps.clock, deps.backOffMs);
  }

  /**
   * Whether a job that has not ended works on this file (its input, or what a step made of it):
   * the clean-up of old recordings leaves such a file alone.
   */
  isFileBusy(path: string): boolean {
    return this.#queue
      .list()
      .some(
        (job) =>
          (job.status === 'queued' || job.status === 'running') &&
          (job.inputs.includes(path) || job.carries.includes(path)),
      );
  }

  /** Loads the kept jobs, stops leftover step processes, and starts what is due. */
  async start(): Promise<void> {
    const { resumed, stale } = this.#queue.load(await this.#deps.store.load());
    for (const leftover of stale) {
      const outcome = await stopLeftover(leftover);
      this.#deps.log.info(
        `jobs: a step process (pid ${leftover.pid}) left from the last run: ${outcome}`,
      );
    }
    for (const job of resumed) await this.#save(job);
    this.#started = true;
    this.#pump();
  }

  /**
   * Stops running steps' process trees and keeps their jobs as running: the next start runs those
   * steps again (their outputs were only ever written under temporary names).
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#wake) clearTimeout(this.#wake);
    const running = [...this.#running.values()];
    for (const run of running) run.abort.abort();
    await Promise.all(running.map((run) => run.done));
    await Promise.all(this.#saving.values());
  }

  /** Queues a job (none when one for the rule and subject exists); returns it. */
  async add(spec: JobSpec): Promise<StoredJob | null> {
    if (this.#stopped) return null;
    const job = this.#queue.add(spec, this.#deps.newId());
    if (!job) return null;
    await this.#save(job);
    this.#deps.changed(publicJob(job));
    this.#pump();
    return job;
  }

  /** Counts by state (the tray, AppState.jobs). */
  counts() {
    return this.#queue.counts();
  }

  list(): Job[] {
    return this.#queue.list().map(publicJob);
  }

  retry(id: string): JobsOutcome {
    const job = this.#queue.retry(id);
    if (typeof job === 'string')
      return { ok: false, why: job === 'notFound' ? 'jobNotFound' : job };
    this.#changed(job);
    this.#pump();
    return { ok: true, jobId: id };
  }

  cancel(id: string): JobsOutcome {
    const job = this.#queue.cancel(id);
    if (typeof job === 'string')
      return { ok: false, why: job === 'notFound' ? 'jobNotFound' : job };
    this.#running.get(id)?.abort.abort(); // the step's process tree goes with it
    this.#changed(job);
    return { ok: true, jobId: id };
  }

  checkTools(tools: JobTools): Promise<ToolCheck[]> {
    return checkTools(tools);
  }

  async tryOnLastFile(rule: JobRule): Promise<JobsOutcome> {
    const file = await this.#deps.lastFile();
    if (!file) return { ok: false, why: 'noFinishedFile' };
    if (!this.#started) return { ok: false, why: 'engineNotReady' };
    // A try is its own job each time: its subject carries the time it was asked for.
    const job = await this.add({
      ...file,
      rule,
      subject: `try:${this.#deps.clock()}:${file.subject}`,
    });
    return job ? { ok: true, jobId: job.id } : { ok: false, why: 'engineNotReady' };
  }

  #pump(): void {
    if (this.#stopped || !this.#started) return;
    const concurrency = this.#deps.settings().jobs.concurrency;
    for (const job of this.#queue.startable(concurrency)) {
      const abort = new AbortController();
      const done = this.#run(job.id, abort.signal)
        .catch((error) => this.#deps.log.error(`jobs: ${job.id}: ${errorDetail(error)}`))
        .finally(() => {
          this.#running.delete(job.id);
          this.#pump();
        });
      this.#running.set(job.id, { abort, done });
    }
    this.#scheduleWake();
  }

  #scheduleWake(): void {
    if (this.#wake) clearTimeout(this.#wake);
    this.#wake = undefined;
    const at = this.#queue.nextWakeAt();
    if (at === null || this.#stopped) return;
    this.#wake = setTimeout(() => this.#pump(), Math.max(0, at - this.#deps.clock()) + 5);
    this.#wake.unref?.();
  }

  /** Runs the job's steps, file by file, while it keeps going without a wait. */
  async #run(id: string, signal: AbortSignal): Promise<void> {
    let job = this.#queue.start(id);
    await this.#save(job);
    this.#changed(job);
    for (;;) {
      const end = await this.#runOne(job, signal);
      if (this.#stopped) return; // kept as running: the next start runs this step again
      job = this.#queue.stepEnded(id, end);
      if (!end.ok)
        this.#deps.log.warn(
          `jobs: ${id} step ${job.step + 1} (${job.steps[job.step]?.kind}): ${end.error}`,
        );
      await this.#save(job);
      this.#changed(job);
      if (job.status === 'done' || job.status === 'failed') {
        this.#deps.ended(publicJob(job));
        this.#prune();
      }
      if (job.status === 'queued' && job.nextTryAt === null) {
        job = this.#queue.start(id); // the next step, at once
        await this.#save(job);
        this.#changed(job);
      } else if (job.status !== 'running') return;
    }
  }

  /** Runs the current step on the current file, or once on every file (`{outputs}`). */
  async #runOne(job: StoredJob, signal: AbortSignal): Promise<StepEnd> {
    const step = job.rule.steps[job.step]!;
    const once = runsOnce(step);
    const path = job.inputs[job.fileIndex]!;
    const output = job.carries[job.fileIndex]!;
    const missing = await firstMissing(once ? job.carries : [output]);
    if (missing !== undefined)
      return { ok: false, error: `${missing} does not exist (moved or deleted)`, retry: false };
    const values = placeholderValues(job.facts, { path, output }, hostPathStyle);
    const settings = this.#deps.settings().jobs;
    const run: StepRun = {
      tools: settings.tools,
      moveRoots: [...this.#deps.recordingRoots(), ...settings.moveRoots],
      durationSeconds: null,
      signal,
      onProgress: (fraction) => this.#changed(this.#queue.progress(job.id, fraction), false),
      onLines: (lines) => this.#changed(this.#queue.lines(job.id, lines), false),
      // Wall time, not the injected clock: it is compared with the system's start time of the pid.
      onStart: (pid) =>
        void this.#save(this.#queue.process(job.id, { pid, startedAt: Date.now() })),
      ...(this.#deps.env ? { env: this.#deps.env } : {}),
    };
    const plan = planStep(step, values, hostPathStyle, once ? job.carries : undefined);
    return (this.#deps.runStep ?? runStepPlan)(plan, run);
  }

  /** Forgets the oldest finished jobs past the bound, in the store too. */
  #prune(): void {
    const gone = this.#queue.prune();
    if (gone.length > 0)
      void this.#deps.store
        .remove(gone)
        .catch((error) =>
          this.#deps.log.error(`jobs: cannot forget old jobs: ${errorDetail(error)}`),
        );
  }

  #changed(job: StoredJob, save = true): void {
    if (save) void this.#save(job);
    this.#deps.changed(publicJob(job));
  }

  /** Saves a job, its saves in order (a later one never overtaken by an earlier one). */
  #save(job: StoredJob): Promise<void> {
    const snapshot = structuredClone(job);
    const previous = this.#saving.get(job.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.#deps.store.save(snapshot))
      .catch((error) => this.#deps.log.error(`jobs: cannot keep ${job.id}: ${errorDetail(error)}`));
    this.#saving.set(job.id, next);
    void next.finally(() => {
      if (this.#saving.get(job.id) === next) this.#saving.delete(job.id);
    });
    return next;
  }
}

/** The first of `files` that is not a file on the disk (moved or deleted since). */
async function firstMissing(files: readonly string[]): Promise<string | undefined> {
  for (const file of files) {
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile()) return file;
  }
  return undefined;
}
