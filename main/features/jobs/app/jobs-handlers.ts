import type { JobRule, JobTools } from '../../../../shared/job-rules';
import type { CallResult, ContractHandlers } from '../../../../shared/ipc-contract';
import { JOB_REFUSALS, type JobRefusal } from '../../../../shared/i18n/job-text';
import type { Job, JobStatus, ToolCheck } from '../../../../shared/jobs';
import type { Language, Settings } from '../../../../shared/settings';

/** What a jobs call came to: done, or refused with a reason the handler words. */
export type JobsOutcome = { ok: true; jobId?: string } | { ok: false; why: JobRefusal };

/** The jobs engine as the contract's handlers see it. */
export interface JobsControl {
  /** Every job kept, newest first. */
  list(): Job[];
  retry(id: string): JobsOutcome;
  cancel(id: string): JobsOutcome;
  /** Which tools are found with these settings (absent ones on PATH), with their version line. */
  checkTools(tools: JobTools): Promise<ToolCheck[]>;
  /** Queues `rule` on the newest finished file under a recording root. */
  tryOnLastFile(rule: JobRule): Promise<JobsOutcome>;
}

/** What the jobs handlers need besides the engine. */
export interface JobsHandlerDeps {
  jobs: JobsControl;
  settings: () => Settings;
  language: () => Language;
}

/** The Jobs view's calls and Settings → Actions' tool check and "try on the last file". */
export function jobsHandlers(
  deps: JobsHandlerDeps,
): Pick<
  ContractHandlers,
  'jobs:list' | 'jobs:retry' | 'jobs:cancel' | 'jobs:checkTools' | 'jobs:tryOnLastFile'
> {
  const answer = (outcome: JobsOutcome): CallResult & { jobId?: string } =>
    outcome.ok
      ? { ok: true, ...(outcome.jobId ? { jobId: outcome.jobId } : {}) }
      : { ok: false, message: JOB_REFUSALS[outcome.why][deps.language()] };
  return {
    'jobs:list': async (request) => {
      const wanted: readonly JobStatus[] | undefined =
        request && 'status' in request ? request.status : undefined;
      const jobs = deps.jobs.list();
      return { jobs: wanted ? jobs.filter((job) => wanted.includes(job.status)) : jobs };
    },
    'jobs:retry': async ({ id }) => answer(deps.jobs.retry(id)),
    'jobs:cancel': async ({ id }) => answer(deps.jobs.cancel(id)),
    'jobs:checkTools': async (request) => ({
      tools: await deps.jobs.checkTools(
        request && 'tools' in request ? request.tools : deps.settings().jobs.tools,
      ),
    }),
    'jobs:tryOnLastFile': async (request) => {
      if ('rule' in request) return answer(await deps.jobs.tryOnLastFile(request.rule));
      const rule = deps.settings().jobs.rules.find((r) => r.id === request.ruleId);
      if (!rule) return answer({ ok: false, why: 'ruleNotFound' });
      return answer(await deps.jobs.tryOnLastFile(rule));
    },
  };
}
