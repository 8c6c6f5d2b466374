import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { RemovalsTable } from '../../../../main/features/clean-up/adapters/removals-table';
import type { HistoryRemoval } from '../../../../shared/history';

const handles: DatabaseHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
});

async function open(kept?: { count: number; ageMs: number }, dir?: string) {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'removals-db-')));
  const db = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  handles.push(db);
  const warnings: string[] = [];
  const table = new RemovalsTable(db, (m) => warnings.push(m), kept);
  return { dataDir, db, warnings, table };
}

function removal(n: number, relativePath: string, roomId?: number): HistoryRemoval {
  return {
    id: `r${n}`,
    at: n * 1_000,
    recorderId: 'default',
    relativePath,
    ...(roomId !== undefined ? { roomId } : {}),
    bytes: n * 1_024,
    modifiedAt: 1,
    reason: 'keepDays',
    rule: 0,
    then: 'delete',
  };
}

const ALL = { limit: 50, offset: 0 };

describe('RemovalsTable', () => {
  it('lists removals newest first across a reopen, paged, by room and by every word of the path', async () => {
    const { dataDir, db, table } = await open();
    await table.add(removal(1, '23058-3号直播间/录制-一.flv', 23058));
    await table.add(removal(2, '1000-Room/Evening Show.FLV', 1000));
    await table.add({ ...removal(3, '23058-3号直播间/录制-二.xml', 23058), error: 'EPERM' });
    db.close();
    const { table: again, warnings } = await open(undefined, dataDir);
    expect(again.list(ALL).items.map((r) => r.id)).toEqual(['r3', 'r2', 'r1']);
    expect(again.list(ALL).items[0]).toEqual({
      ...removal(3, '23058-3号直播间/录制-二.xml', 23058),
      error: 'EPERM',
    });
    expect(again.list({ limit: 1, offset: 1 })).toMatchObject({ items: [{ id: 'r2' }], total: 3 });
    expect(again.list({ ...ALL, roomId: 23058 }).items.map((r) => r.id)).toEqual(['r3', 'r1']);
    expect(again.list({ ...ALL, text: 'evening  show.flv' }).items.map((r) => r.id)).toEqual([
      'r2',
    ]);
    expect(again.list({ ...ALL, text: '直播间 录制-一' })).toMatchObject({
      items: [{ id: 'r1' }],
      total: 1,
    });
    expect(warnings).toEqual([]);
  });

  it('keeps the newest by count and drops those past their age', async () => {
    const { table } = await open({ count: 3, ageMs: 9_500 });
    for (const n of [1, 2, 3, 4, 5]) await table.add(removal(n, `f${n}.flv`));
    expect(table.list(ALL)).toMatchObject({ total: 3 });
    expect(table.list(ALL).items.map((r) => r.id)).toEqual(['r5', 'r4', 'r3']);
    await table.add(removal(14, 'f14.flv'));
    // At 14 s, r4 (4 s) is past 9.5 s of age: it goes, though the count would have kept it.
    expect(table.list(ALL).items.map((r) => r.id)).toEqual(['r14', 'r5']);
  });

  it('says so when a removal cannot be kept, and lists nothing while the database is away', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'removals-gone-')), 'not-there');
    const { table, warnings } = await open(undefined, dataDir);
    await table.add(removal(1, 'a.flv'));
    expect(warnings).toEqual([
      expect.stringContaining('history: the removal of a.flv could not be kept'),
    ]);
    expect(table.list(ALL)).toEqual({ items: [], total: 0 });
  });
});
