// `npm run bench:event-log`: the window's event-log queries (the "Webhook log") on the database,
// over a full log (HISTORY_LIMITS.events entries, one in five a duplicate, written as the app
// writes them), each next to a plain Array.filter doing the same job over the same entries held
// in memory (what the log cost before it moved to the database), in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { Deliveries } from '../main/adapters/database/deliveries';
import { deliveriesJournal } from '../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../main/adapters/database/event-log-table';
import { WebhookIntake } from '../main/core/webhook-intake';
import { HISTORY_LIMITS } from '../shared/history';
import type { EventLogEntry } from '../shared/model';
import { parseWebhook } from '../shared/recorder/webhook';
import { BenchEventStream, benchRoomIds } from './support/bench-events';

const dir = mkdtempSync(join(tmpdir(), 'recorder-tray-event-log-bench-'));
try {
  await run();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function run(): Promise<void> {
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  const eventLog = new EventLogTable(database);
  const intake = new WebhookIntake(
    deliveriesJournal(database, new Deliveries(database), eventLog),
    Date.now,
  );
  const stream = new BenchEventStream();
  const writes: Promise<unknown>[] = [];
  for (let i = 0; eventLog.count() + writes.length < HISTORY_LIMITS.events; i += 1) {
    const bytes = stream.nextBody();
    const text = bytes.toString('utf8');
    const body: unknown = JSON.parse(text);
    const parsed = parseWebhook(body);
    if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
    writes.push(
      intake.accept(parsed.value, body, { userAgent: 'BililiveRecorder/2.11.1', bodyBytes: bytes }),
    );
    if (i % 4 === 3) {
      const meta = { source: 'webhook', duplicate: true, receivedAt: Date.now() } as const;
      writes.push(eventLog.append(parsed.value, body, meta, text));
    }
    if (writes.length >= 500) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  // The same entries in memory, for the baselines.
  const entries: EventLogEntry[] = eventLog
    .events({ limit: HISTORY_LIMITS.events })
    .items.reverse();

  let sink = 0; // keeps the optimiser from dropping the work
  const time = (runs: number, job: () => number): number => {
    for (let i = 0; i < Math.min(20, runs); i += 1) sink += job(); // warm-up
    const start = performance.now();
    for (let i = 0; i < runs; i += 1) sink += job();
    return ((performance.now() - start) * 1000) / runs; // µs per query
  };
  const newest = <T>(list: T[], limit = 50) => list.slice(-limit).reverse();
  const room = benchRoomIds()[7]!;
  const text = '崩铁';
  const has = (key: string) => key.toLowerCase().includes(text);
  const rows: [string, number, () => number, () => number][] = [
    [
      'newest 50',
      2_000,
      () => eventLog.events({ limit: 50 }).items.length,
      () => newest(entries.filter(() => true)).length,
    ],
    [
      'page 40 of 50',
      1_000,
      () => eventLog.events({ limit: 50, offset: 2_000 }).items.length,
      () => entries.slice(-2_050, -2_000).length,
    ],
    [
      'by room (page + total)',
      1_000,
      () => eventLog.events({ roomId: room }).total,
      () => entries.filter((e) => e.roomId === room).length,
    ],
    [
      `text "${text}" (page + total)`,
      30,
      () => eventLog.events({ text }).total,
      () =>
        entries.filter((e) => has(`${e.eventType}\n${e.eventId}\n${JSON.stringify(e.body)}`))
          .length,
    ],
    [
      'one by seq (replay)',
      20_000,
      () => (eventLog.entryById(entries[100]!.entryId) ? 1 : 0),
      () => (entries.find((e) => e.entryId === entries[100]!.entryId) ? 1 : 0),
    ],
  ];
  console.log(`event log: ${eventLog.count()} entries in the database`);
  console.log(
    `${'query'.padEnd(32)}${'database µs'.padStart(14)}${'array µs'.padStart(12)}${'ratio'.padStart(8)}`,
  );
  const figures: Record<string, { databaseMicros: number; arrayMicros: number }> = {};
  for (const [name, runs, query, baseline] of rows) {
    const ours = time(runs, query);
    const base = time(runs, baseline);
    figures[name] = { databaseMicros: round(ours), arrayMicros: round(base) };
    console.log(
      `${name.padEnd(32)}${ours.toFixed(1).padStart(14)}${base.toFixed(1).padStart(12)}${(ours / base).toFixed(1).padStart(8)}`,
    );
  }
  console.log(
    JSON.stringify({ bench: 'event-log', entries: entries.length, figures, sink: sink > 0 }),
  );
  database.close();
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
