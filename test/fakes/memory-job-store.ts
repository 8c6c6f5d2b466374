import type { StoredJob } from '../../main/features/jobs/core/job-record';
import type { JobStore } from '../../main/features/jobs/core/job-store';

/** Jobs kept in memory: a JobStore for tests that hand one store from one app to the next. */
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
