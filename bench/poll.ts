// Benchmark of one poll cycle against a fake recorder with many rooms: `npm run bench:poll`.
// The fake recorder runs in a child process, so process.cpuUsage() here counts the client only.
// A cycle is what the app's recorder link runs per poll: its reconciler (fetch, read, the pipeline's
// merge and diff, the check of missing webhooks), only the poller's timer left out.
import { EventPipeline } from '../main/core/event-pipeline';
import { RecorderSetting, defaultSettings } from '../shared/settings';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fetchPolledRooms } from '../main/adapters/polled-rooms';
import { RecorderClient } from '../main/adapters/recorder-client';
import { RecorderReconciler } from '../main/core/recorder-reconcile';
import { startTsxProcess } from './support/tsx-process';
import { quantile } from './support/quantile';
import { RestRoomList, toPolledRoom } from '../shared/recorder/rest';

/** Summary of a series of CPU times, in milliseconds. */
export interface CpuSummary {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

/** What measurePollCycles found. */
export interface PollCycleFigures {
  rooms: number;
  cycles: number;
  bodyBytes: number;
  /** CPU per cycle, as `cycle` runs it. */
  cycleCpuMs: CpuSummary;
  /** CPU of a bare `JSON.parse` of the same body, measured between the cycles. */
  jsonParseCpuMs: CpuSummary;
  /** CPU of `JSON.parse` plus the schema and toPolledRoom of every room, without HTTP, after the cycles. */
  parseAndSchemaCpuMs: CpuSummary;
  /** Heap after a forced GC, before the first and after the last measured cycle. */
  heapUsedMbBefore: number;
  heapUsedMbAfter: number;
  rssMbAfter: number;
}

/** Options of measurePollCycles. */
export interface MeasureOptions {
  /** The fake recorder's URL: the baseline parses the body of its `GET /api/room`. */
  baseUrl: string;
  /** One poll cycle, as the app runs it (see pollingOf); the number of rooms it polled. */
  cycle: () => Promise<number>;
  /** Measured cycles (360 = an hour at the default 10 s). */
  cycles: number;
  /** Unmeasured cycles first, so the JIT has settled. */
  warmup?: number;
}

/** CPU time of this process since `since`, in milliseconds. */
export const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function summarize(samples: number[]): CpuSummary {
  const mean = samples.reduce((sum, x) => sum + x, 0) / Math.max(1, samples.length);
  const at = (q: number) => quantile(samples, q);
  return { mean, p50: at(0.5), p95: at(0.95), max: at(1) };
}

// A forced GC makes the heap figures comparable; --expose-gc cannot be passed through `tsx` here.
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
}

const heapMb = () => process.memoryUsage().heapUsed / 1_048_576;

/** Runs poll cycles back to back and measures CPU per cycle next to a bare JSON.parse of the body. */
export async function measurePollCycles(options: MeasureOptions): Promise<PollCycleFigures> {
  const { cycle, cycles } = options;
  let rooms = 0;
  const body = await (
    await fetch(`${options.baseUrl}/api/room`, { headers: { Accept: 'application/json' } })
  ).text();
  for (let i = 0; i < (options.warmup ?? 20); i++) {
    rooms = await cycle();
    JSON.parse(body);
  }

  collectGarbage();
  const heapUsedMbBefore = heapMb();
  const cycleSamples: number[] = [];
  const parseSamples: number[] = [];
  const schemaSamples: number[] = [];
  for (let i = 0; i < cycles; i++) {
    let start = process.cpuUsage();
    rooms = await cycle();
    cycleSamples.push(cpuMs(start));
    start = process.cpuUsage();
    JSON.parse(body);
    parseSamples.push(cpuMs(start));
  }
  collectGarbage();
  const heapUsedMbAfter = heapMb();
  // Apart from the cycles: its garbage (the whole list parsed and checked, ~10 MB) would start
  // old-space collections that land on the cycles and the baseline it is not part of.
  for (let i = 0; i < cycles; i++) {
    const start = process.cpuUsage();
    RestRoomList.parse(JSON.parse(body)).map(toPolledRoom);
    schemaSamples.push(cpuMs(start));
  }
  return {
    rooms,
    cycles,
    bodyBytes: Buffer.byteLength(body),
    cycleCpuMs: summarize(cycleSamples),
    jsonParseCpuMs: summarize(parseSamples),
    parseAndSchemaCpuMs: summarize(schemaSamples),
    heapUsedMbBefore,
    heapUsedMbAfter,
    rssMbAfter: process.memoryUsage().rss / 1_048_576,
  };
}

/** Options of pollingOf. */
export interface PollingOptions {
  /** The recorder's URL. */
  url: string;
  /** The app's pipeline the polls go into. */
  pipeline: EventPipeline;
  /** The recorder's id in the settings (its rooms are kept apart from other recorders'). */
  recorderId: string;
}

/** The core's pipeline (room registry, episodes, policy) as the app builds it, no popups held back. */
export function benchPipeline(): EventPipeline {
  const settings = defaultSettings();
  settings.notifications.groupWindowSeconds = 0;
  return new EventPipeline(
    {
      clock: Date.now,
      setTimer: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      settings: () => ({ ...settings.notifications, language: 'zh-CN' }),
      actionFor: () => undefined,
    },
    { decided: () => {} },
  );
}

/**
 * One poll of a recorder as its recorder link runs it (its one RecorderClient, fetchPolledRooms and
 * the core's RecorderReconciler), once its first poll is in; the bench calls it in place of the
 * link's poller. Resolves with the rooms polled.
 */
export async function pollingOf(options: PollingOptions): Promise<() => Promise<number>> {
  const recorder = RecorderSetting.parse({
    id: options.recorderId,
    url: options.url,
    pollIntervalSeconds: 3600,
  });
  let status = '';
  let rooms = 0;
  const client = new RecorderClient({ baseUrl: recorder.url });
  const reconciler = new RecorderReconciler({
    fetchRooms: (signal) => fetchPolledRooms(client, signal),
    pipeline: options.pipeline,
    recorderId: recorder.id,
    clock: Date.now,
    settings: () => ({
      rooms: [],
      unreachableNotifyAfterMinutes: 5,
      language: 'zh-CN',
      webhookUrl: '',
    }),
    statusChanged: (changed) => (status = changed),
    notice: () => {},
    polled: (polled) => (rooms = polled.length),
  });
  await reconciler.pollOnce(new AbortController().signal);
  if (status !== 'ok') throw new Error(`the first poll of ${options.url} failed: ${status}`);
  return async () => {
    const result = await reconciler.pollOnce(new AbortController().signal);
    if (!result.ok) throw new Error(`a poll of ${options.url} failed`);
    return rooms;
  };
}

/** Starts the fake recorder CLI in a child process; resolves with its URL once it listens. */
export async function startFakeRecorderProcess(
  args: string[],
): Promise<{ url: string; child: ChildProcess }> {
  const cli = fileURLToPath(new URL('../test/fakes/fake-recorder/cli.ts', import.meta.url));
  return startTsxProcess(
    cli,
    ['--port', '0', '--no-script', ...args],
    (line) => /listening on (http:\/\/\S+)/.exec(line)?.[1],
    'fake recorder',
  );
}

// The app's default poll interval (settings: pollIntervalSeconds).
const INTERVAL_S = 10;

/** CPU per poll as a share of one core at one poll each INTERVAL_S, in per cent. */
const coreShare = (cpu: CpuSummary): number => (cpu.mean / (INTERVAL_S * 1000)) * 100;

const fmt = (s: CpuSummary) =>
  `mean ${s.mean.toFixed(2)} ms, p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rooms: { type: 'string', default: '1000' },
      live: { type: 'string', default: '100' },
      cycles: { type: 'string', default: '360' },
      warmup: { type: 'string', default: '20' },
    },
  });
  const { url, child } = await startFakeRecorderProcess([
    '--rooms',
    values.rooms,
    '--live',
    values.live,
  ]);
  try {
    // The merge and diff of a real cycle: the core's pipeline and the version check that decides
    // whether a "rooms" update goes out.
    const pipeline = benchPipeline();
    const cycle = await pollingOf({ url, pipeline, recorderId: 'bench' });
    const rooms = pipeline.stateOf('bench').rooms;
    let version = rooms.version;
    let changes = 0;
    const figures = await measurePollCycles({
      baseUrl: url,
      cycles: Number(values.cycles),
      warmup: Number(values.warmup),
      cycle: async () => {
        const polled = await cycle();
        if (rooms.version !== version) changes += 1;
        version = rooms.version;
        return polled;
      },
    });
    console.log(`  (merge + diff through the core's pipeline; ${changes} room-list changes seen)`);
    const ratio = figures.cycleCpuMs.mean / figures.jsonParseCpuMs.mean;
    const p50Ratio = figures.cycleCpuMs.p50 / figures.jsonParseCpuMs.p50;
    console.log(
      [
        `poll cycle, ${figures.rooms} rooms (${values.live} live), body ${(figures.bodyBytes / 1024).toFixed(0)} KiB, ${figures.cycles} cycles (an hour at 10 s)`,
        `  fetch + parse + merge + diff CPU: ${fmt(figures.cycleCpuMs)}`,
        `  bare JSON.parse CPU:          ${fmt(figures.jsonParseCpuMs)}`,
        `  JSON.parse + schema + toPolledRoom, no HTTP: ${fmt(figures.parseAndSchemaCpuMs)}`,
        `  cycle / JSON.parse:           ${ratio.toFixed(1)}x (means; p50s: ${p50Ratio.toFixed(1)}x)`,
        `  heap used after GC:           ${figures.heapUsedMbBefore.toFixed(1)} MiB before, ${figures.heapUsedMbAfter.toFixed(1)} MiB after; RSS ${figures.rssMbAfter.toFixed(0)} MiB`,
        `  share of one core, one poll each ${INTERVAL_S} s (means): the cycle ${coreShare(figures.cycleCpuMs).toFixed(3)} %, JSON.parse + schema + toPolledRoom alone ${coreShare(figures.parseAndSchemaCpuMs).toFixed(3)} %, bare JSON.parse ${coreShare(figures.jsonParseCpuMs).toFixed(3)} %`,
        `  target: the cycle within 0.5 % of one core (plain JSON.parse and the schema, no byte scanner; issue 32) → ${coreShare(figures.cycleCpuMs) <= 0.5 ? 'met (means)' : 'NOT met (means)'}`,
        `  target: a 1,000-room cycle under 50 ms of CPU → ${figures.cycleCpuMs.p95 < 50 ? 'met (p95)' : 'NOT met (p95)'}`,
      ].join('\n'),
    );
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
