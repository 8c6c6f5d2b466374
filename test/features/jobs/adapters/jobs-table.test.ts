import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { SqliteJobStore } from '../../../../main/features/jobs/adapters/jobs-table';
import { JobQueue } from '../../../../main/features/jobs/core/job-queue';
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

  it('reads a job as the build before {outputs} wrote it, and goes on with its per-file step', async () => {
    // A session's job stopped while appending its second file (step 2 of 2, file 2 of 2).
    const body = {
      id: 'j1',
      key: 'post|default|session:default|s1',
      ruleId: 'post',
      ruleName: 'post',
      on: 'SessionEnded',
      recorderId: 'default',
      roomId: 23058,
      streamer: '3号直播间',
      title: '音悦台',
      inputs: ['/rec/a.flv', '/rec/b.flv'],
      steps: [
        {
          kind: 'remux',
          status: 'done',
          tries: 0,
          output: null,
          error: null,
          startedAt: null,
          endedAt: null,
        },
        {
          kind: 'run',
          status: 'running',
          tries: 1,
          output: null,
          error: null,
          startedAt: null,
          endedAt: null,
        },
      ],
      step: 1,
      progress: null,
      status: 'running',
      tries: 0,
      error: null,
      output: [],
      outputPath: null,
      createdAt: 1710683005000,
      updatedAt: 1710683005000,
      rule: {
        id: 'post',
        name: '',
        on: 'SessionEnded',
        steps: [
          { kind: 'remux', format: 'mp4', deleteSource: false },
          {
            kind: 'run',
            program: 'biliup',
            args: ['-u', 'cookies.json', 'append', '-v', 'BV1xx411c7mD', '{output}'],
          },
        ],
      },
      facts: {
        recorderId: 'default',
        roomId: 23058,
        streamer: '3号直播间',
        title: '音悦台',
        area: '电台 · 唱见电台',
        sessionId: 's1',
        endedAt: 1710683000000,
      },
      carries: ['/rec/a.mp4', '/rec/b.mp4'],
      fileIndex: 1,
      process: { pid: 4242, startedAt: 1710683100000 },
      nextTryAt: null,
    };
    const dir = await mkdtemp(join(tmpdir(), 'jobs-db-old-'));
    const db = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    await db.commit((raw) =>
      raw
        .prepare(
          'INSERT INTO jobs (id, job_key, status, created_at, updated_at, body) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run('j1', body.key, 'running', 1, 1, JSON.stringify(body)),
    );
    const warnings: string[] = [];
    const loaded = await new SqliteJobStore(db, (m) => warnings.push(m)).load();
    db.close();
    expect(warnings).toEqual([]);
    expect(loaded).toEqual([body]);
    const queue = new JobQueue(() => 2);
    expect(queue.load(loaded).stale).toEqual([{ pid: 4242, startedAt: 1710683100000 }]);
    queue.start('j1');
    const done = queue.stepEnded('j1', { ok: true, carry: '/rec/b.mp4', produced: null });
    expect(done).toMatchObject({
      status: 'done',
      fileIndex: 0,
      carries: ['/rec/a.mp4', '/rec/b.mp4'],
    });
  });
});
