import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { OutboxTable } from '../../../main/adapters/database/outbox-table';
import type { Effect } from '../../../main/core/outbox';

const handles: DatabaseHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
});

async function open(dir?: string) {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'outbox-db-')));
  const db = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  handles.push(db);
  const warnings: string[] = [];
  return { dataDir, db, warnings, outbox: new OutboxTable(db, (m) => warnings.push(m)) };
}

const URL = 'ntfy://127.0.0.1:9/t';
const push = (title: string, target = URL): Effect => ({
  kind: 'push',
  target,
  payload: JSON.stringify({ title, body: '' }),
});
const decided = (n: number, key?: string) => ({
  notificationId: `n-${n}`,
  row: n,
  key,
  createdAt: n * 1_000,
});

describe('OutboxTable', () => {
  it('owes a push with its attempts across a reopen until it is done', async () => {
    const { dataDir, db, outbox } = await open();
    const owed = await db.commit(() => [
      ...outbox.owe(db, [push('a')], decided(1, 'k1')),
      ...outbox.owe(db, [push('b')], decided(2)),
    ]);
    await outbox.tried(owed[0]!.id!, 2, 'unreachable', 5_000);
    db.close();
    const again = await open(dataDir);
    expect(again.outbox.load().map((e) => [e.notificationId, e.key, e.attempts])).toEqual([
      ['n-1', 'k1', 2],
      ['n-2', undefined, 0],
    ]);
    await again.outbox.done(owed[0]!.id!);
    expect(again.outbox.load().map((e) => e.notificationId)).toEqual(['n-2']);
    expect(again.warnings).toEqual([]);
  });

  it('owes a push of a happening once per target, also after it was done', async () => {
    const { db, outbox } = await open();
    const first = await db.commit(() =>
      outbox.owe(db, [push('a'), push('a', 'ntfy://other/t')], decided(1, 'k1')),
    );
    await Promise.all(first.map((e) => outbox.done(e.id!)));
    const again = await db.commit(() =>
      outbox.owe(db, [push('a'), push('a', 'ntfy://third/t')], decided(2, 'k1')),
    );
    expect(again.map((e) => e.target)).toEqual(['ntfy://third/t']);
  });

  it('marks done in one unit per turn, without a sync of its own', async () => {
    const { db, outbox } = await open();
    const owed = await db.commit(() =>
      outbox.owe(db, [push('a'), push('b'), push('c')], decided(1)),
    );
    const sizes: number[] = [];
    db.on('commit', (report) => sizes.push(report.size));
    await Promise.all(owed.map((e) => outbox.done(e.id!)));
    expect(sizes).toEqual([1]);
    expect(outbox.load()).toEqual([]);
  });

  it('forgets the happenings pushed past their age and beyond their count', async () => {
    const { db, outbox } = await open();
    await db.commit(() => {
      for (const n of [1, 2, 3, 4, 5]) outbox.owe(db, [push(String(n))], decided(n, `k${n}`));
    });
    const gone = await outbox.prunePushKeys(5_500, { count: 3, ageMs: 3_600 });
    expect(gone).toBe(2);
    const keys = db.statement('SELECT key FROM push_keys ORDER BY at').pluck().all();
    expect(keys).toEqual(['k3', 'k4', 'k5']);
    expect(await outbox.prunePushKeys(5_500, { count: 2, ageMs: 10_000 })).toBe(1);
    expect(db.statement('SELECT key FROM push_keys').pluck().all()).toEqual(['k4', 'k5']);
  });

  it('says once that it cannot write while the database cannot be opened, and owes nothing', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'outbox-db-gone-')), 'not-there');
    const { outbox, warnings } = await open(dataDir);
    await expect(outbox.done(1)).rejects.toThrow();
    await expect(outbox.tried(1, 1, 'unreachable', 5)).rejects.toThrow();
    expect(outbox.load()).toEqual([]);
    expect(warnings.filter((w) => w.startsWith('outbox: cannot write'))).toHaveLength(1);
  });
});
