import type { StoredJob } from '../../core/actions/job-record';
import type { JobStore } from '../../core/actions/job-store';

/**
 * Jobs kept in memory only: what the app uses until the database (issue 32) holds a `jobs`
 * table. Jobs then do not outlive the process; a leftover step process cannot be found either.
 */
export class MemoryJobStore implements JobStore {
  readonly #jobs = new Map<string, StoredJob>();

  async load(): Promise<StoredJob[]> {
    return [...this.#jobs.values()].map((job) => structuredClone(job));
  }

  async save(job: StoredJob): Promise<void> {
    this.#jobs.set(job.id, structuredClone(job));
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.#jobs.delete(id);
  }
}
