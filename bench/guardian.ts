// Benchmark of the recording guardian's cost: `npm run bench:guardian`. One 1,000-room poll cycle
// (fetch, parse, merge and diff through the core) with and without the guardian's rules, in the
// same run, in alternating rounds so that the shared machine's drift falls on both alike.
import { parseArgs } from 'node:util';
import { EventPipeline } from '../main/core/event-pipeline';
import { Guardian } from '../main/features/guardian/core/guardian';
import { defaultSettings } from '../shared/settings';
import { measurePollCycles, pollingOf, startFakeRecorderProcess } from './poll';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rooms: { type: 'string', default: '1000' },
      live: { type: 'string', default: '100' },
      rounds: { type: 'string', default: '6' },
      cycles: { type: 'string', default: '60' },
    },
  });
  const { url, child } = await startFakeRecorderProcess([
    ...['--rooms', values.rooms, '--live', values.live],
  ]);
  try {
    const settings = defaultSettings();
    // A clock 10 s ahead per cycle, as polls at the default interval: the rules' thresholds pass.
    let now = Date.now();
    const pipeline = new EventPipeline(
      {
        clock: () => now,
        setTimer: (fn, ms) => {
          const t = setTimeout(fn, ms);
          return () => clearTimeout(t);
        },
        settings: () => ({ ...settings.notifications, language: 'zh-CN' }),
        actionFor: () => undefined,
      },
      { decided: () => {} },
    );
    let problems = 0;
    const guardian = new Guardian({
      clock: () => now,
      settings: () => settings,
      recorder: () => settings.recorders[0]!,
      changed: () => (problems += 1),
      reported: () => {},
    });
    let guardianCpu = 0;
    let withGuardian = false;
    // The guardian sees each good poll as the app's observers do (RecorderReconciler's `polled`).
    const { polling, cycle } = await pollingOf({
      url,
      pipeline,
      clock: () => now,
      polled: (rooms) => {
        if (!withGuardian) return;
        const start = process.cpuUsage();
        guardian.polled(rooms);
        guardianCpu += cpuMs(start);
      },
    });
    const cycleWith = (guarded: boolean) => () => {
      withGuardian = guarded;
      now += 10_000;
      return cycle();
    };
    const rounds = Number(values.rounds);
    const cycles = Number(values.cycles);
    const without: number[] = [];
    const withIt: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const guarded of round % 2 === 0 ? [false, true] : [true, false]) {
        const figures = await measurePollCycles({
          baseUrl: url,
          cycles,
          warmup: round === 0 ? 20 : 2,
          cycle: cycleWith(guarded),
        });
        (guarded ? withIt : without).push(figures.cycleCpuMs.mean);
      }
    }
    await polling.stop();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const base = mean(without);
    const guarded = mean(withIt);
    const measuredCycles = rounds * cycles;
    // Warm-up cycles ran the guardian too (20 in the first round, 2 in each later one).
    const guardianCycles = measuredCycles + 20 * (rounds > 0 ? 1 : 0) + 2 * (rounds - 1);
    const own = guardianCpu / guardianCycles;
    const fmt = (s: number) => `${s.toFixed(2)} ms`;
    console.log(
      [
        `guardian on a poll cycle of ${values.rooms} rooms (${values.live} live), ${rounds} alternating rounds of ${cycles} cycles each`,
        `  cycle without the guardian: mean ${fmt(base)} CPU (round means ${without.map(fmt).join(', ')})`,
        `  cycle with the guardian:    mean ${fmt(guarded)} CPU (round means ${withIt.map(fmt).join(', ')})`,
        `  guardian.polled alone:      ${fmt(own)} CPU per cycle = ${((own / base) * 100).toFixed(1)} % of the cycle`,
        `  difference of the means:    ${(((guarded - base) / base) * 100).toFixed(1)} % (noisier: two series)`,
        `  problem changes seen:       ${problems}`,
        `  target: under 10 % added → ${own / base < 0.1 ? 'met' : 'NOT met'} (guardian's own CPU over the bare cycle)`,
      ].join('\n'),
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
