import type { Job } from '../../shared/jobs';
import type { OutputLine } from './output';

/**
 * Headless `job` lines: one when a job is queued and each time its state or step changes (not for
 * progress or output lines): `{ "type": "job", "id", "ruleId", "step", "status", "output"?,
 * "error"? }`, `step` naming the step's kind (the last one once done), `output` the file it made.
 */
export function jobLines(emit: (line: OutputLine) => void): (job: Job) => void {
  const printed = new Map<string, string>();
  return (job) => {
    const index = Math.min(job.step, job.steps.length - 1);
    const step = job.steps[index]?.kind ?? '';
    const seen = `${job.status}|${job.step}`;
    if (printed.get(job.id) === seen) return;
    printed.set(job.id, seen);
    emit({
      type: 'job',
      id: job.id,
      ruleId: job.ruleId,
      step,
      status: job.status,
      ...(job.outputPath ? { output: job.outputPath } : {}),
      ...(job.error ? { error: job.error } : {}),
    });
  };
}
