/**
 * `npm run bench:profile`: where headless mode's time goes per webhook. The headless bundle runs
 * as users run it on a NAS (webhooks only, the browser preview on) under `node --cpu-prof`;
 * after a warm-up, 16 keep-alive senders post unique webhooks, and the samples of that load are
 * charged, through the bundle's source maps, to the part of the way each stack is in (the
 * listener, JSON.parse, the schema, the intake, the database, the event log, the pipeline and
 * state, the policy, the sinks, the output lines...: cpu-profile-areas.ts). It prints µs per
 * webhook and the share of each part, the functions that take the most, and the CPU the process
 * used over the same load (from /proc) beside the sampled time: the sampled time also counts the
 * main thread's waits inside synchronous calls (the database's fsync at each COMMIT). The read and
 * write calls per webhook and their bytes (/proc, every thread) do not change with the machine's load.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import {
  buildHeadlessIfStale,
  HEADLESS_BUNDLE,
  HEADLESS_NODE_OPTIONS,
} from '../tools/build/headless-bundle';
import { startBenchLiveApi } from './support/bench-live-api';
import { exited, startBundle } from './support/bundle-process';
import { cpuMicrosOf, ioOf, type IoCounts } from './support/child-process-stats';
import { profileBreakdown, type CpuProfile } from './support/cpu-profile-areas';
import { startClient } from './support/load-client-process';

const ROOT = resolve(import.meta.dirname, '..');
const SENDERS = 16;
const WARMUP = 20_000;
const EVENTS = Number(process.argv[2] ?? 60_000);
const SAMPLING_MICROS = 250;

const dataDir = await mkdtemp(join(os.tmpdir(), 'recorder-tray-bench-profile-'));
const profileDir = join(dataDir, 'profile');
buildHeadlessIfStale(ROOT);
const liveApi = await startBenchLiveApi();
const client = await startClient();
try {
  const headless = await startBundle(
    [
      HEADLESS_BUNDLE,
      ...['--port', '0', '--no-desktop', '--no-update-check', '--live-api-host', liveApi.url],
      ...['--recorder-url', '', '--data-dir', join(dataDir, 'data')],
    ],
    (line) => new URL(String(line.webhookUrl)),
    {
      cwd: ROOT,
      nodeArgs: [
        ...HEADLESS_NODE_OPTIONS,
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
        `--cpu-prof-interval=${SAMPLING_MICROS}`,
      ],
    },
  );
  let phase = 0;
  const load = (count: number) =>
    client.run({
      type: 'run',
      id: ++phase,
      port: headless.port,
      path: headless.path,
      ...{
        mode: 'closed',
        senders: SENDERS,
        count,
      },
    });
  log(`warming up (${WARMUP.toLocaleString('en')} webhooks)…`);
  await load(WARMUP);
  await settle(headless.child.pid!);
  log(`profiling ${EVENTS.toLocaleString('en')} webhooks…`);
  const cpuBefore = cpuMicrosOf(headless.child.pid!) ?? 0;
  const ioBefore = ioOf(headless.child.pid!);
  const from = microsNow();
  const result = await load(EVENTS);
  await settle(headless.child.pid!); // its work after the answers belongs to these webhooks too
  const to = microsNow();
  const cpuMicros = (cpuMicrosOf(headless.child.pid!) ?? 0) - cpuBefore;
  const io = ioPerWebhook(ioBefore, ioOf(headless.child.pid!), result.sent);
  headless.child.kill('SIGTERM'); // a clean stop writes the profile
  await exited(headless.child);
  const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8')) as CpuProfile;
  const breakdown = profileBreakdown(profile, from, to);
  const per = (micros: number) => micros / result.sent;
  const rows = [...breakdown.areas].sort((a, b) => b[1] - a[1]);
  const topOf = (totals: Map<string, number>) =>
    [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20);
  const share = (micros: number) =>
    `${((micros / breakdown.busyMicros) * 100).toFixed(1)} %`.padStart(7);
  const listed = (totals: Map<string, number>) =>
    topOf(totals).map(
      ([name, micros]) => `  ${per(micros).toFixed(1).padStart(7)} µs ${share(micros)}  ${name}`,
    );
  const lines = [
    '',
    `where headless mode's time goes — ${result.sent.toLocaleString('en')} unique webhooks ` +
      `(${result.ok.toLocaleString('en')} answered 204), ${SENDERS} senders, ${os.cpus().length} CPUs, ` +
      `load ${os.loadavg()[0]!.toFixed(1)}`,
    `  CPU used (/proc): ${per(cpuMicros).toFixed(1)} µs per webhook; main thread busy (samples): ` +
      `${per(breakdown.busyMicros).toFixed(1)} µs per webhook`,
    io === undefined
      ? '  I/O: not counted (no /proc)'
      : `  I/O per webhook (/proc, every thread, sockets and files): ${io.writes.toFixed(2)} ` +
        `writes of ${(io.writtenBytes / 1024).toFixed(1)} KB, ${io.reads.toFixed(2)} reads of ` +
        `${(io.readBytes / 1024).toFixed(1)} KB`,
    '',
    `  ${'part of the way'.padEnd(40)}${'µs/webhook'.padStart(12)}${'share'.padStart(9)}`,
    ...rows.map(
      ([area, micros]) =>
        `  ${area.padEnd(40)}${per(micros).toFixed(1).padStart(12)}` +
        `${`${((micros / breakdown.busyMicros) * 100).toFixed(1)} %`.padStart(9)}`,
    ),
    '',
    '  the files the time is charged to:',
    ...listed(breakdown.files),
    '',
    '  the functions that take the most (self time):',
    ...listed(breakdown.functions),
    '',
  ];
  console.log(lines.join('\n'));
  console.log(
    JSON.stringify({
      bench: 'profile',
      events: result.sent,
      cpuMicrosPerWebhook: round1(per(cpuMicros)),
      busyMicrosPerWebhook: round1(per(breakdown.busyMicros)),
      ...(io && {
        ioPerWebhook: Object.fromEntries(Object.entries(io).map(([k, v]) => [k, round1(v)])),
      }),
      areas: Object.fromEntries(rows.map(([area, micros]) => [area, round1(per(micros))])),
    }),
  );
} finally {
  client.exit();
  await liveApi.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** The monotonic clock in µs: what V8 stamps its profile samples with on Linux. */
function microsNow(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Waits until a process used under 2 ms of CPU in 200 ms (its queued work is done); at most 20 s. */
async function settle(pid: number): Promise<void> {
  const deadline = performance.now() + 20_000;
  let last = cpuMicrosOf(pid) ?? 0;
  while (performance.now() < deadline) {
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 200));
    const now = cpuMicrosOf(pid) ?? 0;
    if (now - last < 2_000) return;
    last = now;
  }
}

/** The I/O between two counts, per webhook. */
function ioPerWebhook(
  before: IoCounts | undefined,
  after: IoCounts | undefined,
  webhooks: number,
): IoCounts | undefined {
  if (before === undefined || after === undefined) return undefined;
  const per = (key: keyof IoCounts) => (after[key] - before[key]) / webhooks;
  return {
    reads: per('reads'),
    readBytes: per('readBytes'),
    writes: per('writes'),
    writtenBytes: per('writtenBytes'),
  };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function log(line: string): void {
  console.error(`bench:profile: ${line}`);
}
