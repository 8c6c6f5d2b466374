/**
 * `npm run bench:chaos [-- --runs N]`: the chaos test (test/headless/chaos.test.ts: 30 SIGKILLs of
 * a headless app under a seeded stream from two recorders) N times in a row (default 10), each
 * with a fresh seed, with a CPU hog beside it (one `node -e 'for(;;){}'` per core). Issue 32,
 * Acceptance 3: ten runs in a row with no popup lost; repeats (a popup shown again by the next
 * start after a kill) are counted, not failures. Prints per run its seed, losses, repeats and
 * duration (and any happening popped up from two decisions, which fails the test), then
 * `N runs: L lost, R repeats`; exits 1 on any loss or failed run. Each run's whole
 * output is kept in test-output/bench-chaos/seed-<seed>.log. A bench, not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, smallLimitsBundle } from '../test/helpers/headless-process';
import { parseTallyLine, type ChaosResult } from '../test/helpers/popup-tally';
import { startCpuHog } from './support/cpu-hog';

const TEST_FILE = 'test/headless/chaos.test.ts';
const LOG_DIR = join(PROJECT_ROOT, 'test-output', 'bench-chaos');

/** One run of the chaos test: what it printed as its result (none when it failed before), and more. */
interface Run {
  seed: number;
  result: ChaosResult | undefined;
  passed: boolean;
  seconds: number;
  log: string;
}

function options(): { runs: number } {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`bench:chaos: --runs takes a whole number from 1 up, not "${values.runs}"`);
    process.exit(2);
  }
  return { runs };
}

/** Runs the chaos test once with `seed` in its own vitest process, as a developer would. */
function runOnce(seed: number): Promise<Run> {
  const started = performance.now();
  const vitest = join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', '--project', 'portable', TEST_FILE], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, CHAOS_SEED: String(seed), FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const log = join(LOG_DIR, `seed-${seed}.log`);
      writeFileSync(log, output);
      const result = output
        .split('\n')
        .map(parseTallyLine)
        .find((r) => r !== undefined);
      const seconds = (performance.now() - started) / 1000;
      resolve({ seed, result, passed: code === 0, seconds, log });
    });
  });
}

/** One run as a line: seed, losses, repeats (which), duration; why it failed, if it did. */
function runLine(index: number, total: number, run: Run): string {
  const head = `run ${index}/${total}: seed ${run.seed}`;
  const time = `${run.seconds.toFixed(1)} s`;
  if (!run.result) return `${head}: FAILED before counting popups (${time}; see ${run.log})`;
  const r = run.result;
  const which = (list: string[]) => (list.length > 0 ? ` (${list.join('; ')})` : '');
  const twice =
    r.decidedTwice > 0 ? `, ${r.decidedTwice} decided twice${which(r.decidedTwiceList)}` : '';
  const failed = run.passed ? '' : `; FAILED (see ${run.log})`;
  return (
    `${head}: ${r.lost} lost${which(r.lostList)}, ${r.repeats} repeats${which(r.repeatList)}` +
    `${twice}, ${time}${failed}`
  );
}

const { runs } = options();
mkdirSync(LOG_DIR, { recursive: true });
smallLimitsBundle(); // built before the hog and the clock start: every run finds it fresh
const cores = availableParallelism();
console.log(
  `bench:chaos: ${runs} runs of ${TEST_FILE}, a CPU hog of ${cores} spinning processes beside ` +
    `(load average before: ${loadavg()[0]!.toFixed(2)})`,
);
const hog = startCpuHog(cores);
const stopHog = () => void hog.stop().then(() => process.exit(130));
process.once('SIGINT', stopHog);
process.once('SIGTERM', stopHog);
const done: Run[] = [];
try {
  for (let i = 1; i <= runs; i += 1) {
    const run = await runOnce(randomInt(1_000_000));
    done.push(run);
    console.log(runLine(i, runs, run));
  }
} finally {
  await hog.stop();
}
const lost = done.reduce((sum, run) => sum + (run.result?.lost ?? 0), 0);
const repeats = done.reduce((sum, run) => sum + (run.result?.repeats ?? 0), 0);
const twice = done.reduce((sum, run) => sum + (run.result?.decidedTwice ?? 0), 0);
const failed = done.filter((run) => !run.passed).length;
const seconds = done.map((run) => run.seconds);
console.log(
  `${runs} runs: ${lost} lost, ${repeats} repeats` +
    (twice > 0 ? `, ${twice} decided twice` : '') +
    (failed > 0 ? `, ${failed} failed` : '') +
    ` (${Math.min(...seconds).toFixed(1)}–${Math.max(...seconds).toFixed(1)} s a run; ` +
    `load average after: ${loadavg()[0]!.toFixed(2)})`,
);
console.log(
  JSON.stringify({
    bench: 'chaos',
    runs,
    lost,
    repeats,
    decidedTwice: twice,
    failed,
    perRun: done.map((r) => ({ seed: r.seed, ...r.result, seconds: r.seconds, passed: r.passed })),
  }),
);
process.exitCode = lost > 0 || failed > 0 ? 1 : 0;
