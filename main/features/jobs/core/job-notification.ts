import { JOB_POPUP_TEXT } from '../../../../shared/i18n/job-text';
import type { Job } from '../../../../shared/jobs';
import type { AppNotification } from '../../../../shared/model';
import type { Language } from '../../../../shared/settings';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const fileName = (path: string) =>
  path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/**
 * The popup for a job that ended: always when it failed (with the tool's words and the step),
 * when done only if the user chose so. Its facts fill push templates ({rule} {error} {output}).
 */
export function jobNotification(
  job: Job,
  options: { notifyDone: boolean; language: Language; now: number },
): AppNotification | null {
  if (job.status !== 'failed' && !(job.status === 'done' && options.notifyDone)) return null;
  const text = JOB_POPUP_TEXT[options.language];
  const failed = job.status === 'failed';
  const rule = job.ruleName || job.ruleId;
  const file = fileName(job.inputs[0] ?? '');
  const step = job.steps[job.step];
  const error = job.error ?? '';
  const where =
    failed && step ? `${fill(text.step, { n: String(job.step + 1), kind: step.kind })}: ` : '';
  const body = failed ? `${job.streamer} · ${file}\n${where}${error}` : `${job.streamer} · ${file}`;
  const output = job.outputPath ? fileName(job.outputPath) : '';
  return {
    id: `job-${job.id}-${job.status}-${options.now.toString(36)}`,
    event: failed ? 'JobFailed' : 'JobDone',
    roomIds: [job.roomId],
    recorderIds: [job.recorderId],
    title: fill(failed ? text.failedTitle : text.doneTitle, { rule }),
    body: body.slice(0, 1000),
    action:
      !failed && job.outputPath
        ? { kind: 'showFile', path: job.outputPath }
        : { kind: 'openWindow' },
    createdAt: options.now,
    tag: `job-${job.id}`,
    facts: { name: job.streamer, title: job.title, file, rule, error, output },
  };
}
