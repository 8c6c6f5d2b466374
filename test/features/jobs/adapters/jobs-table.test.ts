import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { SqliteJobStore } from '../../../../main/features/jobs/adapters/jobs-table';
import { newJob } from '../../../../main/features/jobs/core/job-record';
import { JobRule } from '../../../../shared/job-rules';

const spec = (path: string) => ({
  rule: JobRule.parse({ id: 'mp4', steps: [{ kind: 'remux' }] }),
  facts: {
    recorderId: 'default',
    roomId: 1,
    streamer: 's',
    title: 't',
    area: '',
    sessionId: '',
    endedAt: 5,
  },
  inputs: [path],
  subject: path,
});

describe('SqliteJobStore', () => {
  it('keeps jobs in the app database across a reopen, replaced by id, removed on demand', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jobs-db-'));
    const db = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const warnings: string[] = [];
    const store = new SqliteJobStore(db, (m) => warnings.push(m));
    const a = newJob(spec('/rec/a.flv'), 'a', 1);
    const b = newJob(spec('/rec/b.flv'), 'b', 2);
    await Promise.all([store.save(a), store.save(b)]);
    a.status = 'running';
    a.process = { pid: 1234, startedAt: 99 };
    await store.save(a);
    await store.remove(['b']);
    db.close();
    const again = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const loaded = await new SqliteJobStore(again, (m) => warnings.push(m)).load();
    expect(loaded).toEqual([a]);
    again.close();
    expect(warnings).toEqual([]);
  });

  it('skips a row that does not read, with a warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jobs-db-bad-'));
    const db = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    await db.commit((raw) =>
      raw
        .prepare(
          'INSERT INTO jobs (id, job_key, status, created_at, updated_at, body) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run('x', 'k', 'queued', 1, 1, '{"not":"a job"'),
    );
    const warnings: string[] = [];
    expect(await new SqliteJobStore(db, (m) => warnings.push(m)).load()).toEqual([]);
    expect(warnings).toEqual(['jobs: the stored job x does not read and was skipped']);
    db.close();
  });
});
