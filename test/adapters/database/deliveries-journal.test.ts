import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { Deliveries } from '../../../main/adapters/database/deliveries';
import { deliveriesJournal } from '../../../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../../../main/adapters/database/event-log-table';
import type { KeptDelivery } from '../../../main/core/ports';
import { WebhookIntake } from '../../../main/core/webhook-intake';
import { failingSync } from '../../fakes/failing-sync';
import { parsedWebhook } from '../../fakes/parsed-webhook';
import { fixtureJson } from '../../helpers/fixtures';

const started = fixtureJson('synthesized/webhook-v2-StreamStarted.json');
let dir: string | undefined;
let database: DatabaseHandle | undefined;

afterEach(async () => {
  database?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('the intake on the database journal, when a WAL sync fails', () => {
  test('the delivery committed but not synced is answered 5xx; its retry hands it on, once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'deliveries-journal-'));
    // The disk fails one fdatasync the way a failing device does (EIO); the COMMIT before it went
    // through, so the row is in the database though its answer is a failure.
    const sync = failingSync(1);
    database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, fdatasync: sync.fdatasync });
    const deliveries = new Deliveries(database);
    const intake = new WebhookIntake(
      deliveriesJournal(database, deliveries, new EventLogTable(database)),
      () => 1_700_000_000_000,
    );
    const webhook = parsedWebhook(started);

    await expect(intake.accept(webhook, started)).rejects.toThrow('EIO');
    expect(database.trouble).toMatch(/EIO/);
    expect(deliveries.count()).toBe(1); // committed all the same

    // The recorder's retry: "kept already", and it is that same delivery, handed on now.
    const retry = await intake.accept(webhook, started);
    expect(retry).toMatchObject({ status: 'accepted', delivery: { seq: 1 } });
    expect(database.trouble).toBeUndefined();
    expect(sync.syncs).toEqual(['EIO', 'ok']); // the retry was answered after a sync that held
    expect(deliveries.count()).toBe(1);

    // A later copy is a duplicate, as any.
    expect(await intake.accept(webhook, started)).toMatchObject({ status: 'duplicate' });
    expect(intake.counters).toMatchObject({ accepted: 1, duplicates: 1 });
  });
});

describe('the deliveries of one turn', () => {
  test('share one unit of the commit; one that throws fails alone, the others are kept', async () => {
    dir = await mkdtemp(join(tmpdir(), 'deliveries-journal-'));
    database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const deliveries = new Deliveries(database);
    const eventLog = new EventLogTable(database);
    const journal = deliveriesJournal(database, deliveries, eventLog);
    const units: number[] = [];
    database.on('commit', (report) => units.push(report.size));
    const entry = (seq: number): KeptDelivery => ({
      seq,
      receivedAt: 1_700_000_000_000,
      source: 'webhook',
      body: started,
    });
    const webhook = (id: string) => ({ ...parsedWebhook(started), id });

    const first = [journal.append(entry(1), webhook('a')), journal.append(entry(2), webhook('b'))];
    expect(await Promise.all(first)).toEqual([true, true]);
    expect(units).toEqual([1]); // both in one unit, one commit

    // Seq 3 given twice: the second insert throws (the seq is the row's key), and fails alone.
    const second = await Promise.allSettled([
      journal.append(entry(3), webhook('c')),
      journal.append(entry(3), webhook('d')),
      journal.append(entry(4), webhook('a')), // a duplicate of the first turn's
      journal.append(entry(5), webhook('e')),
    ]);
    expect(second.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(
      second.map((result) => (result.status === 'fulfilled' ? result.value : 'failed')),
    ).toEqual([true, 'failed', false, true]);
    expect(units).toEqual([1, 1, 4]); // the shared unit rolled back, then one unit each
    expect(deliveries.count()).toBe(4);
    expect(eventLog.events().items.map((item) => item.eventId)).toEqual(['e', 'c', 'b', 'a']);
  });
});
