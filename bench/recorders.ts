// Benchmark of several recorders: `npm run bench:recorders`. The poll cycle of 5 recorders × 1,000
// rooms (each recorder its own fake, in its own child process, so process.cpuUsage() here counts
// the app only) against one recorder alone, in alternating rounds of one run, through what the app
// runs per recorder (its recorder link's client and sync: fetch, parse, the pipeline's state of that recorder, the
// policy). It must stay linear: the cost per recorder of five at most 1.2× one alone.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchPipeline, cpuMs, pollingOf, startFakeRecorderProcess } from './poll';
import { median } from './support/quantile';

const { values } = parseArgs({
  options: {
    recorders: { type: 'string', default: '5' },
    rooms: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
  },
});
const RECORDERS = Number(values.recorders);
const ROOMS = Number(values.rooms);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);

/** One app's pipeline and a polling per recorder, as the app's recorder links hold them. */
async function appWith(urls: readonly string[]): Promise<{ pollAll(): Promise<void> }> {
  const pipeline = benchPipeline();
  // Each recorder's polling, as its recorder link builds it (the bench polls, no timer).
  const cycles: Array<() => Promise<number>> = [];
  for (const [index, url] of urls.entries())
    cycles.push(await pollingOf({ url, pipeline, recorderId: `r${index}` }));
  return {
    // One cycle: every recorder polled once, one after another.
    async pollAll() {
      for (const cycle of cycles) await cycle();
    },
  };
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    for (let i = 0; i < RECORDERS; i += 1) {
      const { url, child } = await startFakeRecorderProcess(['--rooms', String(ROOMS)]);
      children.push(child);
      urls.push(url);
    }
    const one = await appWith(urls.slice(0, 1));
    const all = await appWith(urls);
    for (let i = 0; i < WARMUP; i += 1) {
      await one.pollAll();
      await all.pollAll();
    }
    const alone: number[] = [];
    const perRecorder: number[] = [];
    // Alternating rounds: the machine's load weighs on both alike.
    for (let i = 0; i < ROUNDS; i += 1) {
      let start = process.cpuUsage();
      await one.pollAll();
      alone.push(cpuMs(start));
      start = process.cpuUsage();
      await all.pollAll();
      perRecorder.push(cpuMs(start) / RECORDERS);
    }
    const ratio = median(perRecorder) / median(alone);
    process.stdout.write(
      `${JSON.stringify({
        recorders: RECORDERS,
        rooms: ROOMS,
        rounds: ROUNDS,
        oneRecorderCycleCpuMs: Number(median(alone).toFixed(2)),
        perRecorderCpuMsOfFive: Number(median(perRecorder).toFixed(2)),
        ratioPerRecorder: Number(ratio.toFixed(3)),
        target: '≤ 1.2',
        holds: ratio <= 1.2,
      })}\n`,
    );
  } finally {
    for (const child of children) child.kill();
  }
}

await main();
