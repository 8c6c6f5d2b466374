import { Button } from '../components/button';
import { baseName } from '../../../shared/format';
import type { Job, JobStatus } from '../../../shared/jobs';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';
import { jobOutputRef, type JobFileRef } from '../job-output';

const PILL: Record<JobStatus, string> = {
  queued: 'pill',
  running: 'pill pill-recording',
  done: 'pill pill-ok',
  failed: 'pill pill-warn',
  cancelled: 'pill',
};

/** What a row's buttons ask for: retry, cancel, or a shell action on the job's result. */
export type JobAction =
  { kind: 'retry' | 'cancel'; job: Job } | { kind: 'open' | 'show'; ref: JobFileRef };

/** The running step's progress bar (ffmpeg's `-progress` against the file's duration). */
function JobProgress({ job }: { job: Job }) {
  const { strings } = useApp();
  if (job.status !== 'running' || job.progress === null) return null;
  const percent = Math.round(job.progress * 100);
  return (
    <div class="job-progress">
      <progress
        max={100}
        value={percent}
        aria-label={strings.jobs.progress(percent)}
        class="job-progress-bar"
      />
      <span class="job-progress-text">{strings.jobs.progress(percent)}</span>
    </div>
  );
}

/**
 * One job: the streamer, title and file, the rule, its state, the step it is at (with progress
 * while running), the tool's words when it failed (its last output lines kept below), and the
 * buttons: retry, cancel, open the result, show it in its folder.
 */
export function JobRow({ job, onAction }: { job: Job; onAction: (action: JobAction) => void }) {
  const { strings, language, settings } = useApp();
  const s = strings.jobs;
  const ruleKnown = settings?.jobs.rules.some((rule) => rule.id === job.ruleId) ?? true;
  const at = Math.min(job.step, job.steps.length - 1);
  const step = job.steps[at];
  const ref = jobOutputRef(job, settings);
  const input = job.inputs[0];
  const failed = job.status === 'failed';
  const ended = job.status === 'done' || failed || job.status === 'cancelled';
  return (
    <li class={`item job is-${job.status}`} data-job={job.id}>
      <div class="item-head">
        <span class="item-title" data-content>
          {job.title ? `${job.streamer} · ${job.title}` : job.streamer || String(job.roomId)}
        </span>
        <span class={PILL[job.status]}>{s.status[job.status]}</span>
      </div>
      <div class="item-meta">
        <span data-content>{job.ruleName || job.ruleId}</span>
        {ruleKnown ? null : <span>{s.ruleGone}</span>}
        <time dateTime={new Date(ended ? job.updatedAt : job.createdAt).toISOString()}>
          {ended
            ? s.finishedAt(formatWhen(job.updatedAt, language))
            : s.queuedAt(formatWhen(job.createdAt, language))}
        </time>
      </div>
      {input !== undefined ? (
        <div class="file-name" data-content title={input}>
          {job.inputs.length > 1 ? `${baseName(input)} +${job.inputs.length - 1}` : baseName(input)}
        </div>
      ) : null}
      {step !== undefined && job.status !== 'done' ? (
        <div class="item-meta job-step">
          <span>{s.stepOf(at + 1, job.steps.length, s.stepKinds[step.kind])}</span>
          {job.tries > 1 ? <span>{s.tries(job.tries)}</span> : null}
        </div>
      ) : null}
      <JobProgress job={job} />
      {failed && job.error ? (
        <p class="job-error" role="note" data-content>
          {job.error}
        </p>
      ) : null}
      {job.output.length > 0 ? (
        <details class="job-output" open={failed}>
          <summary>{s.toolSaid}</summary>
          <pre class="code job-output-lines" data-content>
            {job.output.join('\n')}
          </pre>
        </details>
      ) : null}
      <div class="item-actions">
        {failed || job.status === 'cancelled' ? (
          <Button small onClick={() => onAction({ kind: 'retry', job })}>
            {s.retry}
          </Button>
        ) : null}
        {job.status === 'queued' || job.status === 'running' ? (
          <Button small onClick={() => onAction({ kind: 'cancel', job })}>
            {s.cancel}
          </Button>
        ) : null}
        {ref !== null ? (
          <>
            <Button small onClick={() => onAction({ kind: 'open', ref })}>
              {s.openOutput}
            </Button>
            <Button small onClick={() => onAction({ kind: 'show', ref })}>
              {s.showInFolder}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
