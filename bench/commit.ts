/**
 * `npm run bench:commit [-- <slow-folder>]`: how long one group commit of the deliveries journal
 * holds the main thread, and how long its answer waits (commit + sync), on this machine's temp
 * folder and, when a folder is given, on a slow disk; before and after issue 32's move of the
 * syncs off the main thread, in one run:
 * - before: the previous commit, on the main thread (better-sqlite3 is synchronous): WAL with
 *   synchronous=FULL, so the COMMIT returns after the WAL's fsync, and SQLite's automatic
 *   checkpoints fsync the WAL and the database file there too;
 * - after: DatabaseHandle as the app runs it (the COMMIT with synchronous=NORMAL on the main
 *   thread, the WAL's fdatasync in libuv's pool, the checkpoints in the worker).
 * "Main thread held" is the time per COMMIT call; beside it, the longest stall of the event loop
 * while the commits run (perf_hooks.monitorEventLoopDelay), and the same over an idle stretch as
 * long (nothing running): on a busy machine the scheduler's own stalls, which no commit caused.
 * The slow disk: a loop device whose writes are throttled by the blkio cgroup, about 50 writes a
 * second (`sudo npx tsx bench/support/slow-disk.ts up` prints its folder; `… down` removes it).
 * A stall longer than a frame (16 ms) stalls the desktop's main process that long. Deliveries come
 * in bursts of BURST per event-loop turn, as a recorder's do under load, and each burst waits for
 * its commit; the figures are per commit. It runs from a bundle under plain node, as the app
 * does: under tsx, Node 20 hands tsx's loader hooks to the checkpoint worker, whose start then
 * stalls this thread for some 50 ms (3 ms from the bundle, measured here).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { buildSync } from 'esbuild';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { Deliveries } from '../main/adapters/database/deliveries';
import { runMigrations } from '../main/adapters/database/migrations';
import { bundledNativeBinding } from '../main/adapters/database/native-binding';
import { REQUIRE_BANNER } from '../tools/build/main-bundle';
import { checkpointWorkerBeside, checkpointWorkerBuildOptions } from '../tools/build/worker-bundle';

const ROOT = process.env.BENCH_COMMIT_ROOT ?? resolve(import.meta.dirname, '..');
if (process.env.BENCH_COMMIT_ROOT === undefined) {
  const outfile = join(ROOT, 'test-output', 'bench', 'commit.mjs');
  const target = 'node20';
  buildSync({
    ...{ entryPoints: [join(ROOT, 'bench', 'commit.ts')], outfile, target, bundle: true },
    ...{ platform: 'node', format: 'esm', banner: { js: REQUIRE_BANNER }, logLevel: 'warning' },
  });
  buildSync(checkpointWorkerBuildOptions(ROOT, checkpointWorkerBeside(outfile), target, false));
  const env = { ...process.env, BENCH_COMMIT_ROOT: ROOT };
  const args = [outfile, ...process.argv.slice(2)];
  process.exit(spawnSync(process.execPath, args, { stdio: 'inherit', env }).status ?? 1);
}

const COMMITS = 400;
const BURST = 8;
const BODY = readFileSync(
  join(ROOT, 'test', 'fixtures', 'recorder', 'synthesized', 'webhook-v2-FileClosed.json'),
  'utf8',
);
const nativeBinding = bundledNativeBinding(import.meta.url);
const INSERT = `INSERT INTO deliveries (seq, event_id, received_at, source, recorder_id, user_agent, body)
  VALUES (?, ?, ?, ?, NULL, NULL, ?)`;

interface Run {
  /** ms per COMMIT call on the main thread. */
  held: number[];
  /** ms from BEGIN to the answer. */
  answered: number[];
  /** The event loop's longest stalls (ms): p99 and max. */
  loopP99: number;
  loopMax: number;
  checkpoints: number;
}

const bodyOf = (seq: number) =>
  Buffer.from(BODY.replace(/"EventId":"[^"]+"/, `"EventId":"bench-${seq}"`));

/** The commit before issue 32's change: FULL, one connection, checkpoints on this thread. */
async function before(parent: string): Promise<Run> {
  const dir = await mkdtemp(join(parent, 'bench-commit-before-'));
  const db = new Database(join(dir, 'recorder-tray.db'), { nativeBinding });
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  runMigrations(db, APP_MIGRATIONS);
  const insert = db.prepare(INSERT);
  const held: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let seq = 0;
  try {
    for (let i = 0; i < COMMITS; i += 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const started = performance.now();
      db.exec('BEGIN IMMEDIATE');
      for (let j = 0; j < BURST; j += 1) {
        seq += 1;
        insert.run(seq, `bench-${seq}`, Date.now(), 'webhook', bodyOf(seq));
      }
      db.exec('COMMIT');
      held.push(performance.now() - started);
    }
  } finally {
    loop.disable();
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
  return { held, answered: held, ...loopOf(loop), checkpoints: -1 };
}

/** DatabaseHandle as the app runs it. */
async function after(parent: string): Promise<Run> {
  const dir = await mkdtemp(join(parent, 'bench-commit-after-'));
  let checkpoints = 0;
  let inline: string | undefined;
  const checkpointed = () => (checkpoints += 1);
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS, checkpointed });
  const deliveries = new Deliveries(database);
  const held: number[] = [];
  const answered: number[] = [];
  database.on('commit', (report) => {
    held.push(report.ms);
    answered.push(report.answeredMs);
  });
  database.on('inline', (why) => (inline = why));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let seq = 0;
  try {
    for (let i = 0; i < COMMITS; i += 1) {
      const burst = Array.from({ length: BURST }, () => {
        seq += 1;
        return deliveries.append(
          { seq, receivedAt: Date.now(), source: 'webhook', body: null },
          `bench-${seq}`,
          bodyOf(seq),
        );
      });
      await Promise.all(burst);
    }
  } finally {
    loop.disable();
    database.close();
    await rm(dir, { recursive: true, force: true });
  }
  if (inline !== undefined) throw new Error(`the checkpoint worker did not run: ${inline}`);
  return { held, answered, ...loopOf(loop), checkpoints };
}

/** The event loop's stalls over `ms` with nothing running: the machine's share of the figure. */
async function idle(ms: number): Promise<Pick<Run, 'loopP99' | 'loopMax'>> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  loop.disable();
  return loopOf(loop);
}

function loopOf(loop: ReturnType<typeof monitorEventLoopDelay>) {
  return { loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

const r = (n: number) => Math.round(n * 10) / 10;

function quantiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: r(at(0.5)), p99: r(at(0.99)), max: r(sorted.at(-1)!) };
}

function row(disk: string, name: string, run: Run) {
  return {
    disk,
    name,
    commits: run.held.length,
    heldMs: quantiles(run.held),
    answeredMs: quantiles(run.answered),
    loopStallMs: { p99: r(run.loopP99), max: r(run.loopMax) },
    over16Ms: run.held.filter((t) => t > 16).length,
    checkpoints: run.checkpoints,
  };
}

const disks: [string, string][] = [[`temp folder (${os.tmpdir()})`, os.tmpdir()]];
if (process.argv[2]) disks.push([`slow disk (${process.argv[2]})`, process.argv[2]]);
const rows = [];
const controls: Record<string, { p99: number; max: number }> = {};
for (const [disk, folder] of disks) {
  rows.push(row(disk, 'before (FULL on the main thread)', await before(folder)));
  const started = performance.now();
  rows.push(row(disk, 'after (sync off the main thread)', await after(folder)));
  const control = await idle(performance.now() - started);
  controls[disk] = { p99: r(control.loopP99), max: r(control.loopMax) };
}
console.log(`\ngroup commit of ${BURST} deliveries, ${COMMITS} times (ms)`);
for (const x of rows) {
  console.log(`  ${x.disk}, ${x.name}:`);
  console.log(
    `    main thread held per commit: p50 ${x.heldMs.p50}, p99 ${x.heldMs.p99}, max ${x.heldMs.max} (over 16 ms: ${x.over16Ms}); ` +
      `event-loop stall p99 ${x.loopStallMs.p99}, max ${x.loopStallMs.max}`,
  );
  console.log(
    `    time to the answer: p50 ${x.answeredMs.p50}, p99 ${x.answeredMs.p99}, max ${x.answeredMs.max}` +
      (x.checkpoints >= 0 ? `; checkpoints in the worker: ${x.checkpoints}` : ''),
  );
  const control = x.checkpoints >= 0 ? controls[x.disk] : undefined;
  if (control)
    console.log(
      `    idle control, as long: event-loop stall p99 ${control.p99}, max ${control.max}`,
    );
}
console.log(JSON.stringify({ bench: 'commit', burst: BURST, rows, controls }));
