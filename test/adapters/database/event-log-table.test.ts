import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { Deliveries } from '../../../main/adapters/database/deliveries';
import { deliveriesJournal } from '../../../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../../../main/adapters/database/event-log-table';
import type { KeptDelivery, JournalPort } from '../../../main/core/ports';
import { EventLogEntry } from '../../../shared/model';
import { parseWebhook, type RecorderWebhook } from '../../../shared/recorder/webhook';
import { fixtureJson } from '../../helpers/fixtures';

let dir: string;
let database: DatabaseHandle;
let deliveries: Deliveries;
let eventLog: EventLogTable;
let journal: JournalPort;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'event-log-'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  deliveries = new Deliveries(database);
  eventLog = new EventLogTable(database);
  journal = deliveriesJournal(database, deliveries, eventLog);
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

/** A FileClosed of room 100 + i % 3 by streamer-i, EventId ending in i. */
function body(i: number, name = `streamer-${i}`): Record<string, unknown> {
  const closed = fixtureJson('synthesized/webhook-v2-FileClosed.json');
  return {
    ...closed,
    EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    EventData: { ...(closed.EventData as object), RoomId: 100 + (i % 3), Name: name },
  };
}

function webhookOf(value: unknown): RecorderWebhook {
  const parsed = parseWebhook(value);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
}

/** Accepts delivery `seq` through the intake's journal (its row and its log row, one commit). */
function accept(seq: number, value: unknown = body(seq)): Promise<boolean> {
  const entry: KeptDelivery = { seq, receivedAt: seq * 1000, source: 'webhook', body: value };
  entry.userAgent = 'BililiveRecorder/2.11.1';
  return journal.append(entry, webhookOf(value), new TextEncoder().encode(JSON.stringify(value)));
}

function duplicate(i: number, at: number, text?: string): Promise<void> {
  const value = body(i);
  const meta = { source: 'webhook', duplicate: true, receivedAt: at } as const;
  return eventLog.append(webhookOf(value), value, meta, text);
}

describe('EventLogTable', () => {
  test('every delivery in arrival order: accepted ones (body in deliveries), a duplicate, a replay', async () => {
    await accept(1);
    await duplicate(1, 1500);
    await accept(2);
    await eventLog.append(webhookOf(body(1)), body(1), {
      source: 'replay',
      duplicate: false,
      receivedAt: 2500,
    });
    const page = eventLog.events();
    expect(page.total).toBe(4);
    expect(page.items.map((e) => [e.entryId, e.source, e.duplicate, e.receivedAt])).toEqual([
      [4, 'replay', false, 2500],
      [3, 'webhook', false, 2000],
      [2, 'webhook', true, 1500],
      [1, 'webhook', false, 1000],
    ]);
    for (const entry of page.items) expect(EventLogEntry.parse(entry)).toEqual(entry);
    expect(page.items[1]).toEqual({
      entryId: 3,
      receivedAt: 2000,
      source: 'webhook',
      eventType: 'FileClosed',
      eventId: '00000000-0000-4000-8000-000000000002',
      roomId: 102,
      duplicate: false,
      userAgent: 'BililiveRecorder/2.11.1',
      body: body(2),
    });
    // An accepted delivery's body is not stored twice: its row refers to the deliveries row.
    const stored = database
      .connection()!
      .prepare('SELECT delivery_seq, body IS NULL AS bodyless FROM event_log ORDER BY seq')
      .all();
    expect(stored).toEqual([
      { delivery_seq: 1, bodyless: 1 },
      { delivery_seq: null, bodyless: 0 },
      { delivery_seq: 2, bodyless: 1 },
      { delivery_seq: null, bodyless: 0 },
    ]);
    expect(eventLog.entryById(2)).toEqual(page.items[2]);
    expect(eventLog.entryById(99)).toBeUndefined();
    expect(eventLog.newestEntryId()).toBe(4);
  });

  test('a delivery not kept leaves no log row either: a duplicate, or one whose insert fails', async () => {
    await accept(1);
    // The same EventId again: a duplicate, not kept, and no accepted row for it.
    await expect(
      journal.append(
        { seq: 2, receivedAt: 2000, source: 'webhook', body: body(1) },
        webhookOf(body(1)),
      ),
    ).resolves.toBe(false);
    // A seq given twice (what no intake does): the insert throws, and its log row goes too.
    await expect(
      journal.append(
        { seq: 1, receivedAt: 3000, source: 'webhook', body: body(3) },
        webhookOf(body(3)),
      ),
    ).rejects.toThrow(/UNIQUE/);
    expect(eventLog.count()).toBe(1);
  });

  test('pages newest first, by room, and by words in type, EventId and body', async () => {
    for (let i = 0; i < 30; i += 1) await accept(i + 1, body(i));
    expect(eventLog.events({ limit: 3, offset: 2 }).items.map((e) => e.entryId)).toEqual([
      28, 27, 26,
    ]);
    expect(eventLog.events({ offset: 30 }).items).toEqual([]);
    const room = eventLog.events({ roomId: 100, limit: 3 });
    expect(room.total).toBe(10);
    expect(room.items.map((e) => e.entryId)).toEqual([28, 25, 22]); // bodies 27, 24, 21
    expect(eventLog.events({ text: 'streamer-5' }).items.map((e) => e.entryId)).toEqual([6]);
    expect(eventLog.events({ text: 'filecLOSED' }).total).toBe(30);
    expect(eventLog.events({ text: 'STREAMER-1 fileclosed' }).total).toBe(11); // 1, 10 … 19
    expect(eventLog.events({ text: '000000000007' }).total).toBe(1); // the EventId
    expect(eventLog.events({ text: 'streamer-2', roomId: 100, limit: 1 })).toMatchObject({
      total: 3, // streamer-21, -24 and -27 are in room 100
      items: [{ entryId: 28 }],
    });
    expect(eventLog.events({ text: 'streamer-2', offset: 10 }).items.map((e) => e.entryId)).toEqual(
      [3],
    );
    expect(eventLog.events({ text: '   ' }).total).toBe(30);
  });

  test('the text as received is what the page shows; \\u escapes are found by their characters', async () => {
    const pretty = JSON.stringify(body(1, '露露'), null, 2);
    await eventLog.append(
      webhookOf(JSON.parse(pretty)),
      JSON.parse(pretty),
      {
        source: 'webhook',
        duplicate: true,
        receivedAt: 1,
      },
      pretty,
    );
    const escaped = JSON.stringify(body(2, '露露')).replace('露露', '\\u9732\\u9732');
    await duplicate(2, 2, escaped);
    expect(eventLog.events({ text: '露露' }).total).toBe(2);
    expect(eventLog.events({ text: 'u9732' }).total).toBe(0);
    expect(eventLog.entryById(2)?.body).toEqual(body(2, '露露'));
    const stored = database.connection()!.prepare('SELECT body FROM event_log WHERE seq = 1');
    expect(stored.pluck().get()).toBe(pretty);
  });

  test('a word with a cased letter beyond ASCII is found whatever its case (SQLite folds ASCII only)', async () => {
    await accept(1, body(1, 'ÄRGER Über'));
    await accept(2, body(2, 'plain'));
    expect(eventLog.events({ text: 'ärger' }).items.map((e) => e.entryId)).toEqual([1]);
    expect(eventLog.events({ text: 'über ärger' }).total).toBe(1);
    expect(eventLog.events({ text: 'PLAIN' }).items.map((e) => e.entryId)).toEqual([2]);
  });

  test('a body that is not JSON (a cycle) is kept as null and found by its type', async () => {
    const cyclic: Record<string, unknown> = body(1);
    cyclic.self = cyclic;
    await eventLog.append(webhookOf(body(1)), cyclic, {
      source: 'replay',
      duplicate: false,
      receivedAt: 1,
    });
    expect(eventLog.events({ text: 'fileclosed' }).items.map((e) => e.body)).toEqual([null]);
  });

  test('prune keeps the newest `keep`, and names the oldest delivery still referred to', async () => {
    for (let i = 1; i <= 6; i += 1) {
      await accept(i);
      await duplicate(i, i * 1000 + 1);
    }
    expect(await eventLog.prune(5)).toBe(7);
    expect(eventLog.events().items.map((e) => e.entryId)).toEqual([12, 11, 10, 9, 8]);
    expect(eventLog.oldestDeliverySeq()).toBe(5); // deliveries 5 and 6 are in rows 9 and 11
    expect(await eventLog.prune(5)).toBe(0);
    expect(await eventLog.prune(0)).toBe(5);
    expect(eventLog.oldestDeliverySeq()).toBeUndefined();
    await accept(7);
    expect(eventLog.events().items.map((e) => e.entryId)).toEqual([13]); // numbering goes on
  });
});
