import type { JobRule } from '../../../../shared/job-rules';
import { JOB_OUTPUT_LINES, type Job } from '../../../../shared/jobs';
import type { JobFacts } from './placeholders';

/** A step's process as the job keeps it, so that the next start can stop one left running. */
export interface JobProcess {
  pid: number;
  /** Epoch ms it was started (a pid reused by another program is told apart by it). */
  startedAt: number;
}

/** A job as it is stored: what the window sees, and what the engine needs to go on after a restart. */
export interface StoredJob extends Job {
  /** One job per rule and file or session: `ruleId|recorderId|path or session`. */
  key: string;
  /** The rule as it was when the job was queued (its steps do not change under a running job). */
  rule: JobRule;
  facts: JobFacts;
  /** What `{output}` is for each input at the current step. */
  carries: string[];
  /** The input the current step works on (a session's files one after another). */
  fileIndex: number;
  /** The running step's process; null when none runs. */
  process: JobProcess | null;
  /** Epoch ms before which a failed try is not run again; null: now. */
  nextTryAt: number | null;
}

/** What is needed to queue a job. */
export interface JobSpec {
  rule: JobRule;
  facts: JobFacts;
  /** Local paths, each checked to lie under its recorder's recording root. */
  inputs: string[];
  /** What the job acts on, for its key: the file's path, or `session:<id>`. */
  subject: string;
}

/** A new job for `spec`, queued. */
export function newJob(spec: JobSpec, id: string, now: number): StoredJob {
  const { rule, facts } = spec;
  return {
    id,
    key: jobKey(rule.id, facts.recorderId, spec.subject),
    ruleId: rule.id,
    ruleName: rule.name || rule.id,
    on: rule.on,
    recorderId: facts.recorderId,
    roomId: facts.roomId,
    streamer: facts.streamer,
    title: facts.title,
    inputs: [...spec.inputs],
    steps: rule.steps.map((step) => ({
      kind: step.kind,
      status: 'pending',
      tries: 0,
      output: null,
      error: null,
      startedAt: null,
      endedAt: null,
    })),
    step: 0,
    progress: null,
    status: 'queued',
    tries: 0,
    error: null,
    output: [],
    outputPath: null,
    createdAt: now,
    updatedAt: now,
    rule,
    facts,
    carries: [...spec.inputs],
    fileIndex: 0,
    process: null,
    nextTryAt: null,
  };
}

/** The key that makes a job one per rule and file or session. */
export function jobKey(ruleId: string, recorderId: string, subject: string): string {
  return `${ruleId}|${recorderId}|${subject}`;
}

/** The job as the window and the contract see it (without the engine's own fields). */
export function publicJob(job: StoredJob): Job {
  const {
    key: _key,
    rule: _rule,
    facts: _facts,
    carries: _carries,
    fileIndex: _fileIndex,
    process: _process,
    nextTryAt: _nextTryAt,
    ...shown
  } = job;
  return shown;
}

/** The output lines with `lines` added, the oldest dropped past the bound. */
export function keepLines(kept: readonly string[], lines: readonly string[]): string[] {
  const all = [...kept, ...lines.map((line) => line.slice(0, 1000))];
  return all.slice(Math.max(0, all.length - JOB_OUTPUT_LINES));
}
