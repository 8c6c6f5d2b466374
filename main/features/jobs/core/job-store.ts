import type { StoredJob } from './job-record';

/**
 * Where jobs are kept across restarts: the app's database (a `jobs` table), an in-memory fake in
 * tests. `save` resolves once the job is durable.
 */
export interface JobStore {
  /** Every job kept, in any order. */
  load(): Promise<StoredJob[]>;
  /** Adds or replaces the job with its id. */
  save(job: StoredJob): Promise<void>;
  /** Forgets jobs (the oldest finished ones, past the bound). */
  remove(ids: readonly string[]): Promise<void>;
}
