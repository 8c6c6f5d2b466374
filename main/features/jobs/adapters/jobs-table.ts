import { jsonOrUndefined } from '../../../../shared/parse';
import * as z from 'zod';
import { lazySchema } from '../../../../shared/lazy-schema';
import { JobRule } from '../../../../shared/job-rules';
import { Job } from '../../../../shared/jobs';
import type { StoredJob } from '../core/job-record';
import type { JobStore } from '../core/job-store';
import type { DatabaseHandle } from '../../../adapters/database/database-handle';
import type { Migration } from '../../../adapters/database/migrations';

/**
 * The jobs acting on recordings (issue 33): one row per job, the job as JSON beside the columns a
 * query needs. `job_key` is unique: one job per rule and file or session.
 */
export const JOBS_MIGRATION: Migration = {
  version: 100,
  name: 'jobs acting on finished recordings',
  up(db) {
    db.exec(`
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        job_key TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX jobs_key ON jobs (job_key);
    `);
  },
};

/** A stored job as read back: checked, since a row is data from outside this process. */
const StoredJobRow = lazySchema(() =>
  Job.extend({
    key: z.string(),
    rule: JobRule,
    facts: z.object({
      recorderId: z.string(),
      roomId: z.number(),
      roomUrl: z.string().optional(), // absent in jobs kept before it was
      streamer: z.string(),
      title: z.string(),
      area: z.string(),
      sessionId: z.string(),
      endedAt: z.number(),
    }),
    carries: z.array(z.string()),
    fileIndex: z.number().int().nonnegative(),
    process: z.object({ pid: z.number().int().positive(), startedAt: z.number() }).nullable(),
    nextTryAt: z.number().nullable(),
  }),
);

/**
 * The JobStore in the app's one database: each save is a unit of the turn's group commit and
 * resolves once committed and synced (a step's pid is on disk before the app can lose it).
 */
export class SqliteJobStore implements JobStore {
  readonly #db: DatabaseHandle;
  readonly #warn: (message: string) => void;

  constructor(db: DatabaseHandle, warn: (message: string) => void) {
    this.#db = db;
    this.#warn = warn;
  }

  async load(): Promise<StoredJob[]> {
    const rows = this.#db.statement('SELECT id, body FROM jobs').all() as {
      id: string;
      body: string;
    }[];
    const jobs: StoredJob[] = [];
    for (const row of rows) {
      const job = StoredJobRow().safeParse(jsonOrUndefined(row.body));
      if (job.success) jobs.push(job.data);
      else this.#warn(`jobs: the stored job ${row.id} does not read and was skipped`);
    }
    return jobs;
  }

  save(job: StoredJob): Promise<void> {
    const body = JSON.stringify(job);
    return this.#db.commit(() => {
      this.#db
        .statement(
          `INSERT INTO jobs (id, job_key, status, created_at, updated_at, body)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET status = excluded.status,
             updated_at = excluded.updated_at, body = excluded.body`,
        )
        .run(job.id, job.key, job.status, job.createdAt, job.updatedAt, body);
    });
  }

  remove(ids: readonly string[]): Promise<void> {
    return this.#db.commit(() => {
      for (const id of ids) this.#db.statement('DELETE FROM jobs WHERE id = ?').run(id);
    });
  }
}
