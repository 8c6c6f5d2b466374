/**
 * `npm run bench:webhook`: throughput, latency and heap growth of the webhook listener (the real
 * app object (createApp), journal fdatasync'ed on a real temp dir) against a bare node:http ceiling, in
 * one run, over loopback keep-alive connections, the two taking turns in short slices. A third
 * listener takes its turn in the CPU rounds: the app's intake alone (the same WebhookServer,
 * intake and journal, nothing after the answer), to show how the CPU per event divides between
 * answering and the work after the 2xx; and two baselines: the bare durable receiver (issue 32's:
 * append, one fdatasync per turn) and the SQLite floor (sqlite-receiver.ts: the least a receiver
 * keeping its deliveries in SQLite with the EventId unique does), so that what the app adds above
 * its database is seen apart from the database itself. Targets:
 * throughput ratio ≥ 0.5, CPU per event ≤ 1.3× the bare server's (this process's CPU from a
 * slice's start until its queued after-2xx work drained), p99 < 10 ms at 500 events/s, heap
 * growth < 30 MB after 100,000 events.
 *
 * The load client runs in a child process so that sending and answering do not share an event
 * loop; the listener runs here, so that its heap can be measured after a forced gc.
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SettingsStore } from '../main/adapters/settings-store';
import { createApp } from '../main/app/create-app';
import { popupSink } from '../main/app/sinks';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { Deliveries } from '../main/adapters/database/deliveries';
import { deliveriesJournal } from '../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../main/adapters/database/event-log-table';
import { DATABASE_FILE } from '../main/adapters/database/open-database';
import { WebhookServer } from '../main/adapters/webhook-listener/webhook-server';
import type { Logger } from '../main/core/ports';
import { WebhookIntake } from '../main/core/webhook-intake';
import { startBareServer } from './support/bare-server';
import { startDurableReceiver } from './support/durable-receiver';
import { startSqliteReceiver } from './support/sqlite-receiver';
import { startBenchLiveApi } from './support/bench-live-api';
import { probeFdatasync } from './support/fsync-probe';
import { startClient } from './support/load-client-process';
import {
  summarizeLatency,
  type LatencySummary,
  type LoadRequest,
  type LoadResult,
} from './support/load-protocol';
import { RecorderSetting } from '../shared/settings';

const SENDERS = 16;
const HEAP_EVENTS = 100_000;
const PACED_RATE = 500;
const PACED_EVENTS = 2_500; // 5 s at 500/s
const WARMUP_MS = 2_000;
// Short rounds, taking turns: on a shared machine the speed of both drifts within seconds, and
// turns spread each drift over both listeners. Our rounds stop early once the 100,000 events of
// the heap figure are sent, so the last may be shorter.
const ROUND_MS = 1_500;
const ROUNDS = 4;
// The run must end by itself within about two minutes: the top-up to HEAP_EVENTS stops at this
// mark even when the listener is too slow to reach it (the figures then say how many were sent).
const BUDGET_MS = 95_000;
const WATCHDOG_MS = 170_000;
// cpuRatio: against the bare durable receiver (issue 32's baseline), not the bare server.
const TARGETS = { ratio: 0.5, cpuRatio: 1.3, pacedP99Ms: 10, heapGrowthMb: 30 };
const MB = 1024 * 1024;

type Gc = () => void;
const LISTENERS = ['bare', 'durable', 'sqlite', 'intake', 'ours'] as const;
/** One of the listeners the bench takes turns between. */
type Listener = (typeof LISTENERS)[number];

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) return rerunWithGc();
  const t0 = performance.now();
  const dataDir = await mkdtemp(join(os.tmpdir(), 'recorder-tray-bench-'));
  const watchdog = setTimeout(() => {
    console.error(`bench:webhook: still running after ${WATCHDOG_MS / 1000} s; giving up`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1); // the forked load client exits with us: its IPC channel closes
  }, WATCHDOG_MS);
  watchdog.unref();
  try {
    await bench(dataDir, gc, t0);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

/** Runs every phase against both listeners and prints the figures. */
async function bench(dataDir: string, gc: Gc, t0: number): Promise<void> {
  let shown = 0;
  const quiet = () => {};
  const quietLog = { info: quiet, warn: quiet, error: quiet };
  const store = await SettingsStore.open({ dir: dataDir, log: quietLog });
  const liveApi = await startBenchLiveApi();
  // Webhooks only: no status polling of a recorder during the bench; pictures from loopback.
  await store.update({
    listener: { port: 0 },
    language: 'zh-CN',
    recorders: [RecorderSetting.parse({ id: 'default', url: '' })],
    pictures: { liveApiHost: liveApi.url },
  });
  const app = await createApp({
    dataDir,
    info: { version: 'bench', platform: process.platform, logsDir: dataDir },
    log: quietLog,
    store,
    // A no-op popup; counted only to show the pipeline ran.
    popups: popupSink(() => void (shown += 1)),
    shell: { openExternal: async () => {}, openPath: async () => '', showItemInFolder: quiet },
    openWindow: quiet,
  });
  const started = await app.start();
  if (!started.ok) throw new Error(`the listener did not bind: ${started.message}`);
  const bareServer = await startBareServer();
  const intakeListener = await startIntake(join(dataDir, 'intake'), quietLog);
  const durableReceiver = await startDurableReceiver(dataDir);
  const sqliteReceiver = await startSqliteReceiver(dataDir);
  const ours = { name: 'ours', port: started.port } as const;
  const bare = { name: 'bare', port: bareServer.port } as const;
  const intake = { name: 'intake', port: intakeListener.port } as const;
  const durable = { name: 'durable', port: durableReceiver.port } as const;
  const sqlite = { name: 'sqlite', port: sqliteReceiver.port } as const;
  const client = await startClient();
  let phaseId = 0;
  const run = (
    target: { port: number },
    spec: Omit<LoadRequest, 'type' | 'id' | 'port' | 'path'>,
  ) => client.run({ type: 'run', id: ++phaseId, port: target.port, path: '/webhook', ...spec });
  const perListener = <T>(make: () => T) =>
    Object.fromEntries(LISTENERS.map((name) => [name, make()])) as Record<Listener, T>;

  try {
    log(`warming up (${WARMUP_MS / 1000} s each)…`);
    const warm: LoadResult[] = [];
    const expected = perListener(() => 0);
    for (const target of [bare, ours, intake, durable, sqlite]) {
      const count = target === ours ? 20_000 : 40_000;
      warm.push(
        await run(target, { mode: 'closed', senders: SENDERS, durationMs: WARMUP_MS, count }),
      );
      expected[target.name] = warm.at(-1)!.eventsPerSecond;
    }
    // The listener answers before its after-2xx work (pipeline, history files) is done, so a
    // burst leaves work queued behind it; every phase starts once that has drained.
    await quiesce();
    const heapBefore = await settledHeap(gc);
    let oursSent = 0;

    const disk = await probeFdatasync(dataDir);
    log(`paced ${PACED_RATE} events/s, ${PACED_EVENTS} events each…`);
    const pacedSpec = {
      mode: 'paced',
      rate: PACED_RATE,
      senders: SENDERS,
      count: PACED_EVENTS,
    } as const;
    const paced = { bare: await run(bare, pacedSpec), ours: await run(ours, pacedSpec) };
    oursSent += paced.ours.sent;

    const saturation = perListener((): LoadResult[] => []);
    // CPU of this process (the listeners live here; the load client is a child) from a slice's
    // start until its after-2xx work drained, over the events it answered.
    const cpu = perListener(() => ({ micros: 0, events: 0 }));
    const cpuPer = (name: Listener) => cpu[name].micros / cpu[name].events;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of [bare, durable, sqlite, intake, ours]) {
        await quiesce();
        const cpuBefore = process.cpuUsage();
        log(
          `saturation round ${round}/${ROUNDS}: ${target.name}, ${SENDERS} senders, ${ROUND_MS / 1000} s…`,
        );
        const capacity = Math.ceil(((expected[target.name] * ROUND_MS) / 1000) * 1.6) + 1000;
        const result = await run(target, {
          mode: 'closed',
          senders: SENDERS,
          durationMs: ROUND_MS,
          count: target === ours ? Math.min(capacity, HEAP_EVENTS - oursSent) : capacity,
          withSamples: true,
        });
        await quiesce();
        const used = process.cpuUsage(cpuBefore);
        cpu[target.name].micros += used.user + used.system;
        cpu[target.name].events += result.sent;
        saturation[target.name].push(result);
        if (target === ours) oursSent += result.sent;
      }
    }

    const rest = HEAP_EVENTS - oursSent;
    log(
      `sending the rest of ${HEAP_EVENTS.toLocaleString('en')} events to our listener (${rest.toLocaleString('en')})…`,
    );
    const budgetLeft = Math.max(5_000, BUDGET_MS - (performance.now() - t0));
    const topUp =
      rest > 0
        ? await run(ours, { mode: 'closed', senders: SENDERS, count: rest, durationMs: budgetLeft })
        : undefined;
    if (topUp) oursSent += topUp.sent;
    const heapAtLoadEnd = await settledHeap(gc);
    log('waiting for the listener to finish its queued work…');
    const drainMs = await quiesce();
    const heapAfter = await settledHeap(gc);

    const all = [
      ...warm,
      paced.bare,
      paced.ours,
      ...Object.values(saturation).flat(),
      ...(topUp ? [topUp] : []),
    ];
    const failures: Record<string, number> = {};
    for (const r of all)
      for (const [k, n] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + n;
    const sat = { bare: merge(saturation.bare), ours: merge(saturation.ours) };
    const journalBytes = (await stat(join(dataDir, DATABASE_FILE))).size;
    // The listener's own counters, as its health route reports them.
    const health = (await (await fetch(`http://127.0.0.1:${started.port}/health`)).json()) as {
      webhooks: { accepted: number; duplicates: number; rejected: number };
    };
    const counters = health.webhooks;
    const figures = {
      bench: 'webhook',
      node: process.version,
      cpus: os.cpus().length,
      loadAverage1m: round2(os.loadavg()[0]!),
      senders: SENDERS,
      meanBodyBytes: Math.round(
        all.reduce((s, r) => s + r.meanBodyBytes * r.sent, 0) / all.reduce((s, r) => s + r.sent, 0),
      ),
      saturation: {
        bare: rateRow(sat.bare),
        ours: rateRow(sat.ours),
        ratio: round2(sat.ours.eventsPerSecond / sat.bare.eventsPerSecond),
      },
      cpuPerEvent: {
        bareMicros: round2(cpuPer('bare')),
        oursMicros: round2(cpuPer('ours')),
        ratio: round2(cpuPer('ours') / cpuPer('bare')),
        intakeMicros: round2(cpuPer('intake')),
        intakeRatio: round2(cpuPer('intake') / cpuPer('bare')),
        durableMicros: round2(cpuPer('durable')),
        oursVsDurable: round2(cpuPer('ours') / cpuPer('durable')),
        intakeVsDurable: round2(cpuPer('intake') / cpuPer('durable')),
        sqliteMicros: round2(cpuPer('sqlite')),
        sqliteVsDurable: round2(cpuPer('sqlite') / cpuPer('durable')),
      },
      longestCommit: commitFigures(intakeListener.commits),
      paced: {
        rate: PACED_RATE,
        diskFdatasync: { ...rounded(disk), count: disk.count },
        bare: rateRow(paced.bare),
        ours: rateRow(paced.ours),
      },
      heap: {
        events: oursSent,
        beforeMb: round2(heapBefore / MB),
        afterMb: round2(heapAfter / MB),
        growthMb: round2((heapAfter - heapBefore) / MB),
        atLoadEndMb: round2(heapAtLoadEnd / MB),
        growthAtLoadEndMb: round2((heapAtLoadEnd - heapBefore) / MB),
        drainSeconds: round2(drainMs / 1000),
        rssMb: round2(process.memoryUsage().rss / MB),
        journalMb: round2(journalBytes / MB),
      },
      listener: {
        accepted: counters.accepted,
        duplicates: counters.duplicates,
        rejected: counters.rejected,
        notificationsShown: shown,
      },
      failures,
      targets: TARGETS,
      pass: {
        ratio: sat.ours.eventsPerSecond / sat.bare.eventsPerSecond >= TARGETS.ratio,
        cpuRatio: cpuPer('ours') / cpuPer('durable') <= TARGETS.cpuRatio,
        pacedP99: paced.ours.latencyMs.p99 < TARGETS.pacedP99Ms,
        heapGrowth: (heapAfter - heapBefore) / MB < TARGETS.heapGrowthMb,
      },
      seconds: Math.round((performance.now() - t0) / 1000),
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
  } finally {
    client.exit();
    await app.stop();
    await intakeListener.stop();
    await durableReceiver.close();
    await sqliteReceiver.close();
    await liveApi.close();
    await new Promise<void>((resolve) => {
      bareServer.server.close(() => resolve());
      bareServer.server.closeIdleConnections();
    });
  }
}

/**
 * The app's intake alone: the listener, the intake and the deliveries journal in the database in
 * `dir` (its unique index the dedupe), as createApp builds them, with nothing after the answer.
 */
async function startIntake(
  dir: string,
  log: Logger,
): Promise<{ port: number; stop: () => Promise<void>; commits: number[] }> {
  await mkdir(dir, { recursive: true });
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  // How long each group commit held the thread (BEGIN to the synced COMMIT).
  const commits: number[] = [];
  database.on('commit', (report) => commits.push(report.ms));
  const journal = new Deliveries(database);
  const server = new WebhookServer({
    intake: new WebhookIntake(
      deliveriesJournal(database, journal, new EventLogTable(database)),
      Date.now,
    ),
    onAccepted: () => {},
    recorderIds: () => ['default'],
    version: 'bench',
    startedAt: Date.now(),
    clock: Date.now,
    log,
  });
  const { port } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
  return {
    port,
    commits,
    stop: async () => {
      await server.stop();
      database.close();
    },
  };
}

/** The longest group commits of the intake's database (ms held on the main thread). */
function commitFigures(ms: readonly number[]): {
  count: number;
  p50: number;
  p99: number;
  max: number;
  over16ms: number;
} {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    p50: round2(at(0.5)),
    p99: round2(at(0.99)),
    max: round2(sorted.at(-1) ?? 0),
    over16ms: sorted.filter((m) => m > 16).length,
  };
}

/** Forces full collections until the heap stops shrinking, after pending work (timers, setImmediate) ran. */
async function settledHeap(gc: Gc): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  let last = Infinity;
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.memoryUsage().heapUsed;
    if (used >= last - 64 * 1024) return Math.min(used, last);
    last = used;
  }
  return last;
}

/**
 * Waits until this process is idle (event loop busy under 5 % for half a second, at most 20 s),
 * i.e. the listener's after-2xx work has drained; returns how long that took.
 */
async function quiesce(): Promise<number> {
  const started = performance.now();
  let last = performance.eventLoopUtilization();
  while (performance.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, last).utilization < 0.05) break;
    last = now;
  }
  return performance.now() - started;
}

/** Merges rounds: total events over total time, percentiles over every sample. */
function merge(results: LoadResult[]): { eventsPerSecond: number; latencyMs: LatencySummary } {
  const ok = results.reduce((s, r) => s + r.sent, 0);
  const ms = results.reduce((s, r) => s + r.elapsedMs, 0);
  const samples = new Float64Array(results.flatMap((r) => r.samples ?? []));
  return { eventsPerSecond: (ok / ms) * 1000, latencyMs: summarizeLatency(samples) };
}

/** Started without --expose-gc: run again with it (same loader flags), passing the exit code on. */
async function rerunWithGc(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  process.exitCode = code;
}

function printTable(f: {
  saturation: { bare: Row; ours: Row; ratio: number };
  cpuPerEvent: {
    bareMicros: number;
    oursMicros: number;
    ratio: number;
    intakeMicros: number;
    intakeRatio: number;
    durableMicros: number;
    oursVsDurable: number;
    intakeVsDurable: number;
    sqliteMicros: number;
    sqliteVsDurable: number;
  };
  longestCommit: { count: number; p50: number; p99: number; max: number; over16ms: number };
  paced: {
    rate: number;
    bare: Row;
    ours: Row;
    diskFdatasync: { p50: number; p99: number; max: number };
  };
  heap: {
    events: number;
    beforeMb: number;
    afterMb: number;
    growthMb: number;
    atLoadEndMb: number;
    growthAtLoadEndMb: number;
    drainSeconds: number;
    journalMb: number;
  };
  pass: { ratio: boolean; cpuRatio: boolean; pacedP99: boolean; heapGrowth: boolean };
  meanBodyBytes: number;
  loadAverage1m: number;
  cpus: number;
  failures: Record<string, number>;
  seconds: number;
}): void {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const cols = (a: string, b: string, c: string, d = '') =>
    `  ${a.padEnd(30)}${b.padStart(16)}${c.padStart(16)}   ${d}`;
  const lat = (r: Row) => `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`;
  const lines = [
    '',
    `webhook listener bench — ${SENDERS} keep-alive senders over loopback, mean body ${f.meanBodyBytes} B, ` +
      `${f.cpus} CPUs, load ${f.loadAverage1m}, ${f.seconds} s`,
    cols('', 'bare node:http', 'our listener', 'target'),
    cols(
      'saturation events/s',
      String(f.saturation.bare.eventsPerSecond),
      String(f.saturation.ours.eventsPerSecond),
      '',
    ),
    cols(
      '  ratio ours / bare',
      '',
      f.saturation.ratio.toFixed(2),
      `≥ ${TARGETS.ratio}  ${verdict(f.pass.ratio)}`,
    ),
    cols('saturation p50 / p99 ms', lat(f.saturation.bare), lat(f.saturation.ours)),
    cols(
      'CPU per event µs',
      f.cpuPerEvent.bareMicros.toFixed(1),
      f.cpuPerEvent.oursMicros.toFixed(1),
      '',
    ),
    cols('  ratio ours / bare', '', f.cpuPerEvent.ratio.toFixed(2), ''),
    cols(
      '  ratio ours / bare durable',
      '',
      f.cpuPerEvent.oursVsDurable.toFixed(2),
      `≤ ${TARGETS.cpuRatio}  ${verdict(f.pass.cpuRatio)}`,
    ),
    `  (the bare durable receiver, node:http + append + one fdatasync per turn before the answer: ` +
      `${f.cpuPerEvent.durableMicros.toFixed(1)} µs; the intake alone = ` +
      `${f.cpuPerEvent.intakeVsDurable.toFixed(2)}× it)`,
    `  (the SQLite floor, the same with one INSERT per body into a table whose EventId is unique, ` +
      `one synced COMMIT per turn: ${f.cpuPerEvent.sqliteMicros.toFixed(1)} µs = ` +
      `${f.cpuPerEvent.sqliteVsDurable.toFixed(2)}× the durable receiver)`,
    `  longest commit of the intake's database on this disk, ${f.longestCommit.count} commits: ` +
      `p50 ${f.longestCommit.p50} ms, p99 ${f.longestCommit.p99} ms, max ${f.longestCommit.max} ms ` +
      `(${f.longestCommit.over16ms} over 16 ms: the main thread is held that long)`,
    `  (of which the intake alone, listener + dedupe + database journal, nothing after the 2xx: ` +
      `${f.cpuPerEvent.intakeMicros.toFixed(1)} µs = ${f.cpuPerEvent.intakeRatio.toFixed(2)}× bare; ` +
      `the work after the 2xx: ${(f.cpuPerEvent.oursMicros - f.cpuPerEvent.intakeMicros).toFixed(1)} µs)`,
    cols(
      `paced ${f.paced.rate}/s p50 / p99 ms`,
      lat(f.paced.bare),
      lat(f.paced.ours),
      `p99 < ${TARGETS.pacedP99Ms} ms  ${verdict(f.pass.pacedP99)}`,
    ),
    cols(
      `paced ${f.paced.rate}/s max ms`,
      f.paced.bare.max.toFixed(2),
      f.paced.ours.max.toFixed(2),
    ),
    `  (the disk alone, write + fdatasync of one line: p50 ${f.paced.diskFdatasync.p50.toFixed(2)} / ` +
      `p99 ${f.paced.diskFdatasync.p99.toFixed(2)} / max ${f.paced.diskFdatasync.max.toFixed(2)} ms)`,
    cols(
      `heap growth, ${f.heap.events.toLocaleString('en')} events`,
      '',
      `${f.heap.growthMb.toFixed(1)} MB`,
      `< ${TARGETS.heapGrowthMb} MB  ${verdict(f.pass.heapGrowth)}`,
    ),
    cols('  right at the end of the load', '', `${f.heap.growthAtLoadEndMb.toFixed(1)} MB`),
    `  (heap after gc: ${f.heap.beforeMb} MB before, ${f.heap.atLoadEndMb} MB when the last answer came, ` +
      `${f.heap.afterMb} MB once the listener's queued after-2xx work drained, ${f.heap.drainSeconds} s later;`,
    `   journal ${f.heap.journalMb} MB)`,
    ...(f.heap.events < HEAP_EVENTS
      ? [`  (only ${f.heap.events} events reached the listener within the time budget)`]
      : []),
    `  failed requests: ${Object.keys(f.failures).length === 0 ? 'none' : JSON.stringify(f.failures)}`,
    '',
  ];
  console.log(lines.join('\n'));
}

type Row = { eventsPerSecond: number; p50: number; p99: number; max: number };

/** A merged load's rate and latencies, as the figures and the table show them. */
function rateRow(merged: {
  eventsPerSecond: number;
  latencyMs: LatencySummary;
}): { eventsPerSecond: number } & LatencySummary {
  return { eventsPerSecond: Math.round(merged.eventsPerSecond), ...rounded(merged.latencyMs) };
}

function rounded(l: LatencySummary): LatencySummary {
  return {
    p50: round2(l.p50),
    p90: round2(l.p90),
    p99: round2(l.p99),
    max: round2(l.max),
    mean: round2(l.mean),
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function log(line: string): void {
  console.error(`bench:webhook: ${line}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
