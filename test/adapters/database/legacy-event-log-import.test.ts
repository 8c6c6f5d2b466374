import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { EventLogTable } from '../../../main/adapters/database/event-log-table';
import {
  LEGACY_EVENT_LOG,
  LEGACY_EVENT_LOG_FILE,
} from '../../../main/adapters/database/legacy-event-log-import';
import { importLegacy, LEGACY_JOURNAL } from '../../../main/adapters/database/legacy-import';
import { fixtureJson } from '../../helpers/fixtures';

let dir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'legacy-event-log-'));
  await mkdir(join(dir, 'history'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

const PARTS = [LEGACY_JOURNAL, LEGACY_EVENT_LOG];

/** A StreamStarted of room `room` with EventId ending in `i`, as the recorder sends it. */
function body(i: number, room = 1000 + i): Record<string, unknown> {
  const started = fixtureJson('synthesized/webhook-v2-StreamStarted.json');
  return {
    ...started,
    EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    EventData: { ...(started.EventData as object), RoomId: room },
  };
}

const journalLine = (seq: number) =>
  JSON.stringify({
    seq,
    receivedAt: seq * 1000,
    source: 'webhook',
    userAgent: 'UA',
    body: body(seq),
  });

/** A line of the old events.jsonl. */
function logLine(i: number, extra: Record<string, unknown>): string {
  return JSON.stringify({
    seq: 100 + i,
    receivedAt: i * 1000 + 1,
    source: 'webhook',
    eventType: 'StreamStarted',
    eventId: (body(i).EventId as string) ?? '',
    roomId: 1000 + i,
    duplicate: true,
    userAgent: 'UA',
    body: body(i),
    ...extra,
  });
}

const shape = () =>
  new EventLogTable(database)
    .events({ limit: 100 })
    .items.reverse()
    .map((e) => [e.entryId, e.eventId.slice(-2), e.source, e.duplicate, e.receivedAt]);

describe('the event log of a data folder from before the database', () => {
  test('accepted deliveries from the journal, the rest from events.jsonl, each in its place', async () => {
    await writeFile(join(dir, 'journal.jsonl'), [2, 3, 4].map(journalLine).join('\n') + '\n');
    await writeFile(
      join(dir, LEGACY_EVENT_LOG_FILE),
      [
        logLine(1, { duplicate: false }), // accepted, older than the journal: kept from the file
        logLine(2, { duplicate: false }), // accepted, in the journal too (earlier builds): once
        logLine(3, { journalSeq: 3 }), // a duplicate of delivery 3: right after it
        logLine(2, { source: 'replay', duplicate: false, receivedAt: 2500 }), // no seq: by time
        'not json',
        logLine(4, { journalSeq: 4 }).slice(0, 30), // cut by a kill mid-write
      ].join('\n'),
    );
    const result = importLegacy(dir, database, Date.UTC(2026, 10, 27), PARTS);
    expect(shape()).toEqual([
      [1, '01', 'webhook', false, 1001],
      [2, '02', 'webhook', false, 2000],
      [3, '02', 'replay', false, 2500],
      [4, '03', 'webhook', false, 3000],
      [5, '03', 'webhook', true, 3001],
      [6, '04', 'webhook', false, 4000],
    ]);
    expect(result.warnings).toEqual([
      'import: event log line 5 is not readable and was skipped',
      "import: the event log's last line was cut short (the app stopped while writing it); it is dropped",
    ]);
    // Accepted deliveries keep their body once, in the deliveries.
    const bodies = database
      .connection()!
      .prepare('SELECT count(*) FROM event_log WHERE body IS NULL')
      .pluck()
      .get();
    expect(bodies).toBe(3);
    expect(existsSync(join(dir, LEGACY_EVENT_LOG_FILE))).toBe(false);
    expect(await readdir(join(result.movedTo!, 'history'))).toEqual(['events.jsonl']);
  });

  test('imported once: the file put back by a kill before the move is not taken again', async () => {
    await writeFile(join(dir, 'journal.jsonl'), journalLine(1) + '\n');
    await writeFile(join(dir, LEGACY_EVENT_LOG_FILE), logLine(1, { journalSeq: 1 }) + '\n');
    const first = importLegacy(dir, database, 0, PARTS);
    expect(first.imported).toBe(3); // a delivery, its log row, the duplicate
    await writeFile(join(dir, LEGACY_EVENT_LOG_FILE), logLine(1, { journalSeq: 1 }) + '\n');
    expect(importLegacy(dir, database, 0, PARTS).imported).toBe(0);
    expect(shape()).toHaveLength(2);
  });

  test('an events.jsonl alone (no journal): its entries, in order', async () => {
    await writeFile(
      join(dir, LEGACY_EVENT_LOG_FILE),
      [logLine(1, {}), logLine(2, { source: 'test', duplicate: false })].join('\n') + '\n',
    );
    importLegacy(dir, database, 0, PARTS);
    expect(shape()).toEqual([
      [1, '01', 'webhook', true, 1001],
      [2, '02', 'test', false, 2001],
    ]);
  });
});
