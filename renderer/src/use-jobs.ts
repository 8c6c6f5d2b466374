import { useEffect, useState } from 'preact/hooks';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { Job } from '../../shared/jobs';

/** Jobs newest first, with one job put in (a new one) or replaced (a change), by id. */
export function withJob(jobs: readonly Job[], job: Job): Job[] {
  const rest = jobs.filter((j) => j.id !== job.id);
  return [job, ...rest].sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * The jobs as main holds them: read once, then kept current by `jobs:changed` (a job added or
 * changed: status, step, progress, output lines), and read again when the window comes back.
 */
export function useJobs(api: RecorderTrayApi): { jobs: Job[] | null; error: string | null } {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Changes that arrive while the list is being read are applied on top of the answer.
    let early: Job[] = [];
    let loaded = false;
    const load = () =>
      api.jobsList().then(
        (answer) => {
          if (!live) return;
          loaded = true;
          setError(null);
          setJobs(
            early.reduce(
              withJob,
              [...answer.jobs].sort((a, b) => b.createdAt - a.createdAt),
            ),
          );
          early = [];
        },
        (failure: unknown) => live && setError(String(failure)),
      );
    const off = api.on('jobs:changed', (job) => {
      if (!live) return;
      if (!loaded) early.push(job);
      else setJobs((current) => withJob(current ?? [], job));
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api]);
  return { jobs, error };
}
