import { Button } from '../components/button';
import { useMemo, useState } from 'preact/hooks';
import type { Job } from '../../../shared/jobs';
import { useApp } from '../app-context';
import { StatusLine } from '../components/status-line';
import { reportCall } from '../report-call';
import { useJobs } from '../use-jobs';
import { JobRow, type JobAction } from './job-row';

type JobFilter = 'all' | 'active' | 'failed';
const FILTERS: readonly JobFilter[] = ['all', 'active', 'failed'];

function matches(job: Job, filter: JobFilter): boolean {
  if (filter === 'active') return job.status === 'queued' || job.status === 'running';
  if (filter === 'failed') return job.status === 'failed';
  return true;
}

/** The empty state: what jobs are, and the way to Settings → Actions. */
function JobsEmpty() {
  const { strings, goTo } = useApp();
  return (
    <div class="empty jobs-empty">
      <p>{strings.jobs.empty}</p>
      <Button class="button-primary" onClick={() => goTo('settings', 'jobs-enabled')}>
        {strings.jobs.emptyLink}
      </Button>
    </div>
  );
}

/**
 * The jobs the rules made of finished recordings, newest first: queued, running with
 * progress, done, failed with the tool's words; retry, cancel, open the result, show it.
 */
export function JobsView() {
  const { api, strings } = useApp();
  const s = strings.jobs;
  const { jobs, error } = useJobs(api);
  const [filter, setFilter] = useState<JobFilter>('all');
  const [message, setMessage] = useState<string | null>(null);
  const shown = useMemo(() => (jobs ?? []).filter((job) => matches(job, filter)), [jobs, filter]);
  const counts = useMemo(
    () =>
      Object.fromEntries(FILTERS.map((f) => [f, (jobs ?? []).filter((j) => matches(j, f)).length])),
    [jobs],
  );

  const act = (action: JobAction) => {
    setMessage(null);
    switch (action.kind) {
      case 'retry':
        return reportCall(api.jobsRetry({ id: action.job.id }), setMessage);
      case 'cancel':
        return reportCall(api.jobsCancel({ id: action.job.id }), setMessage);
      case 'open':
        return reportCall(api.fileOpen(action.ref), setMessage);
      case 'show':
        return reportCall(api.fileShowInFolder(action.ref), setMessage);
    }
  };

  if (jobs === null) {
    return (
      <div class="view view-scroll">
        <p class={error ? 'empty status-error' : 'empty'} role={error ? 'alert' : 'status'}>
          {error ? s.loadFailed(error) : strings.loading}
        </p>
      </div>
    );
  }
  if (jobs.length === 0) {
    return (
      <div class="view view-scroll">
        <JobsEmpty />
      </div>
    );
  }
  return (
    <div class="view view-scroll">
      <div class="filter-chips jobs-filters" role="group" aria-label={s.listLabel}>
        {FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            class="filter-chip"
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
          >
            {s.filters[option]} <span class="filter-count">{counts[option]}</span>
          </button>
        ))}
      </div>
      <StatusLine text={message ?? (error ? s.loadFailed(error) : null)} tone="error" />
      <ul class="items jobs" aria-label={s.listLabel}>
        {shown.map((job) => (
          <JobRow key={job.id} job={job} onAction={act} />
        ))}
      </ul>
    </div>
  );
}
