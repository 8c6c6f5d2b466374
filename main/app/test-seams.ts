import type { Clock } from '../core/ports';
import type { SyncFile } from '../adapters/database/wal-file';
import type { JobStore } from '../features/jobs/core/job-store';
import type { StorageLimits } from './storage';

/**
 * What only tests give the app (through `createAppForTests`, main/app/testing.ts): the hosts'
 * shipped entries never do, so none of it is in AppPorts.
 */
export interface TestSeams {
  /** The time every decision reads (default: Date.now). */
  clock?: Clock;
  /** Timers on that clock, for the quiet hours digest (default: real ones). */
  setTimer?: (fn: () => void, ms: number) => () => void;
  /** Smaller storage bounds, so that compactions come within seconds (the chaos test). */
  limits?: StorageLimits;
  /** How the database's WAL is synced (a disk whose sync fails). */
  fdatasync?: SyncFile;
  /** Where jobs are kept (default: the `jobs` table of the app's database). */
  jobStore?: JobStore;
  /** The waits before a job step's second and third try. */
  jobBackOffMs?: readonly number[];
}
