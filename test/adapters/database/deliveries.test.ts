import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { Deliveries } from '../../../main/adapters/database/deliveries';
import type { KeptDelivery } from '../../../main/core/ports';

let dir: string;
let database: DatabaseHandle;
let deliveries: Deliveries;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deliveries-'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  deliveries = new Deliveries(database);
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

const entry = (seq: number, extra: Partial<KeptDelivery> = {}): KeptDelivery => ({
  seq,
  receivedAt: 1000 + seq,
  source: 'webhook',
  body: { EventType: 'StreamStarted', EventId: `id-${seq}`, 名: '直播' },
  ...extra,
});

describe('Deliveries', () => {
  test('kept as received (bytes or JSON), read back in seq order with their recorder', async () => {
    const bytes = new TextEncoder().encode('{"EventId":"id-2","名":"直播🎤"}');
    await Promise.all([
      deliveries.append(entry(1, { recorderId: 'nas', userAgent: 'UA' }), 'id-1'),
      deliveries.append(entry(2, { source: 'test', body: { EventId: 'id-2' } }), 'id-2', bytes),
    ]);
    const { entries, warnings } = deliveries.read();
    expect(warnings).toEqual([]);
    expect(entries).toEqual([
      { ...entry(1), recorderId: 'nas', userAgent: 'UA' },
      { seq: 2, receivedAt: 1002, source: 'test', body: { EventId: 'id-2', 名: '直播🎤' } },
    ]);
    expect(deliveries.newestSeq()).toBe(2);
  });

  test('an id kept is a duplicate: a second delivery of it is not kept, another id is', async () => {
    expect(await deliveries.append(entry(1), 'id-1')).toBe(true);
    expect(await deliveries.append(entry(2), 'id-1')).toBe(false);
    expect(deliveries.read().entries.map((e) => e.seq)).toEqual([1]);
    expect(await deliveries.append(entry(3), 'id-9')).toBe(true);
    expect(deliveries.count()).toBe(2);
  });

  test('the processed mark never moves back; pruning deletes before a seq', async () => {
    expect(deliveries.processedThrough()).toBeUndefined();
    for (let seq = 1; seq <= 5; seq += 1) await deliveries.append(entry(seq), `id-${seq}`);
    await deliveries.markProcessed(4);
    await deliveries.markProcessed(2);
    expect(deliveries.processedThrough()).toBe(4);
    expect(await deliveries.prune(4, [2])).toBe(2); // 2 spared (a live room's go-live)
    expect(deliveries.read().entries.map((e) => e.seq)).toEqual([2, 4, 5]);
    expect(await deliveries.prune(4)).toBe(1);
    expect(deliveries.read().entries.map((e) => e.seq)).toEqual([4, 5]);
    expect(deliveries.nthNewestSeq(2)).toBe(4);
    expect(deliveries.nthNewestSeq(3)).toBeUndefined();
    expect(deliveries.oldestSeqSince(1005)).toBe(5);
    // What is pruned is forgotten by the dedupe too: the window is the rows kept.
    expect(await deliveries.append(entry(6), 'id-1')).toBe(true);
    database.reclaimSpace();
  });
});
