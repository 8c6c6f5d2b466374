import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import {
  PushOutboxTable,
  type OutboxItem,
} from '../../../../main/features/push/adapters/push-outbox-table';

const handles: DatabaseHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
});

async function open(dir?: string) {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'outbox-db-')));
  const db = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  handles.push(db);
  const warnings: string[] = [];
  return { dataDir, db, warnings, outbox: new PushOutboxTable(db, (m) => warnings.push(m)) };
}

function item(id: string, firstAt: number, key?: string): OutboxItem {
  return {
    id,
    notificationId: `n-${id}`,
    url: 'ntfy://127.0.0.1:9/t',
    message: { title: `title ${id}`, body: '', language: 'zh-CN', facts: { name: '主播' } },
    firstAt,
    ...(key !== undefined ? { key } : {}),
  };
}

describe('PushOutboxTable', () => {
  it('owes a push with its attempts across a reopen until it is settled', async () => {
    const { dataDir, db, outbox } = await open();
    await Promise.all([outbox.add(item('a', 1, 'k1')), outbox.add(item('b', 2))]);
    await outbox.tried('a', 2, 'unreachable', 5_000);
    db.close();
    const again = await open(dataDir);
    expect(again.outbox.load()).toEqual([
      { item: item('a', 1, 'k1'), attempts: 2 },
      { item: item('b', 2), attempts: 0 },
    ]);
    await again.outbox.done('a');
    expect(again.outbox.load().map((p) => p.item.id)).toEqual(['b']);
    // The happening stays pushed for its target after the push settled.
    expect(again.outbox.has('k1', item('a', 1).url)).toBe(true);
    expect(again.outbox.has('k1', 'ntfy://127.0.0.1:9/other')).toBe(false);
    expect(again.warnings).toEqual([]);
  });

  it('owes a push queued in the turn of other work in the same transaction (one group commit)', async () => {
    const { db, outbox } = await open();
    const commits: number[] = [];
    db.observeCommits((report) => commits.push(report.size));
    // As a delivery's insert and the push its decision queued, in one turn.
    await Promise.all([
      db.commit((raw) => raw.prepare(`INSERT INTO marks (name, value) VALUES ('x', 1)`).run()),
      outbox.add(item('a', 1, 'k1')),
    ]);
    expect(commits).toEqual([2]);
    expect(outbox.load().map((p) => p.item.id)).toEqual(['a']);
  });

  it('knows a key queued in this turn before its commit, and after it', async () => {
    const { outbox } = await open();
    const added = outbox.add(item('a', 1, 'k1'));
    expect(outbox.has('k1', item('a', 1).url)).toBe(true);
    await added;
    expect(outbox.has('k1', item('a', 1).url)).toBe(true);
  });

  it('forgets the happenings pushed past their age and beyond their count', async () => {
    const { db, outbox } = await open();
    await Promise.all([1, 2, 3, 4, 5].map((n) => outbox.add(item(String(n), n * 1_000, `k${n}`))));
    const gone = await outbox.prune(5_500, { count: 3, ageMs: 3_600 });
    expect(gone).toBe(2);
    const keys = db.statement('SELECT key FROM push_keys ORDER BY at').pluck().all();
    expect(keys).toEqual(['k3', 'k4', 'k5']);
    expect(await outbox.prune(5_500, { count: 2, ageMs: 10_000 })).toBe(1);
    expect(db.statement('SELECT key FROM push_keys').pluck().all()).toEqual(['k4', 'k5']);
  });

  it('skips a stored push that does not read, with a warning, and keeps the others', async () => {
    const { db, outbox, warnings } = await open();
    await outbox.add(item('good', 1));
    await db.commit((raw) =>
      raw
        .prepare(
          `INSERT INTO push_outbox (id, notification_id, url, message, first_at)
           VALUES ('bad', 'n', 'u', '{not json', 2)`,
        )
        .run(),
    );
    expect(outbox.load().map((p) => p.item.id)).toEqual(['good']);
    expect(warnings).toEqual(['push outbox: the stored push bad does not read and was skipped']);
  });

  it('says once that it cannot write while the database cannot be opened, and owes nothing', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'outbox-db-gone-')), 'not-there');
    const { outbox, warnings } = await open(dataDir);
    await expect(outbox.add(item('a', 1, 'k'))).rejects.toThrow();
    await expect(outbox.done('a')).rejects.toThrow();
    expect(outbox.load()).toEqual([]);
    expect(outbox.has('k', item('a', 1).url)).toBe(false);
    expect(warnings.filter((w) => w.startsWith('push outbox: cannot write'))).toHaveLength(1);
  });
});
