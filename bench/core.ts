// `npm run bench:core`: the core's heap after 100,000 events — intake (dedupe window), recorder
// state and notification policy, all in memory, no I/O (the Files list, the notifications and the
// event log are in the database: counted here, not held) — next to the heap
// of the same bodies merely parsed (the baseline), in the same run; and the core's CPU per event
// beside the CPU of making and parsing the same bodies alone.
import { EventPipeline } from '../main/core/event-pipeline';
import type { JournalPort } from '../main/core/ports';
import { WebhookIntake } from '../main/core/webhook-intake';
import { parseWebhook } from '../shared/recorder/webhook';
import { defaultSettings } from '../shared/settings';
import { BenchEventStream } from './support/bench-events';

const EVENTS = 100_000;

function collect(): number {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

if (!(globalThis as { gc?: () => void }).gc) {
  console.error('run with --expose-gc (npm run bench:core does)');
  process.exit(1);
}

const stream = new BenchEventStream();
const settings = defaultSettings();
// The dedupe is the database's unique index: here a set stands for it.
const ids = new Set<string>();
const journal: JournalPort = {
  append: async (_entry, webhook) => !ids.has(webhook.id) && ids.add(webhook.id).size > 0,
};
let now = Date.now();
const intake = new WebhookIntake(journal, () => now);
let decided = 0;
let listed = 0;
const pipeline = new EventPipeline(
  {
    clock: () => now,
    setTimer: (fn) => {
      queueMicrotask(fn); // the grouping window collapses to "at once": heap, not timing, is measured
      return () => undefined;
    },
    settings: () => ({ ...settings.notifications, language: 'zh-CN' }),
    actionFor: () => undefined,
  },
  {
    decided: () => void (decided += 1),
    happened: (h) => {
      if (h.kind === 'FileClosed' && h.file) listed += 1;
    },
  },
);

const baselineStart = collect();
let parsedOnly = 0;
for (let i = 0; i < 1000; i++)
  parsedOnly += JSON.stringify(JSON.parse(stream.nextBody().toString('utf8'))).length;
const baselineEnd = collect();

const before = collect();
const started = performance.now();
const coreCpuStart = process.cpuUsage();
for (let i = 0; i < EVENTS; i++) {
  now += 50;
  const text = stream.nextBody().toString('utf8');
  const body: unknown = JSON.parse(text);
  const parsed = parseWebhook(body);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  const result = await intake.accept(parsed.value, body, { userAgent: 'BililiveRecorder/2.11.1' });
  if (result.status !== 'accepted') continue;
  pipeline.applyWebhook(parsed.value);
}
await new Promise((resolve) => setTimeout(resolve, 10));
const seconds = (performance.now() - started) / 1000;
const coreCpu = process.cpuUsage(coreCpuStart);
const coreMicros = (coreCpu.user + coreCpu.system) / EVENTS;

// The CPU baseline: the same bodies made and merely parsed (what any listener does at the least),
// so that the core's own CPU per event shows: what the listener's CPU target must leave room for.
// Measured after the core's run, when the bodies' making is as warmed up as it was there.
const PARSE_EVENTS = 20_000;
const parseCpuStart = process.cpuUsage();
for (let i = 0; i < PARSE_EVENTS; i++)
  parsedOnly += (JSON.parse(stream.nextBody().toString('utf8')) as object) ? 1 : 0;
const parseCpu = process.cpuUsage(parseCpuStart);
const parseMicros = (parseCpu.user + parseCpu.system) / PARSE_EVENTS;
const after = collect();

const figures = {
  bench: 'core-heap',
  events: EVENTS,
  heapBeforeMb: +before.toFixed(1),
  heapAfterMb: +after.toFixed(1),
  growthMb: +(after - before).toFixed(1),
  baselineParseOnlyGrowthMb: +(baselineEnd - baselineStart).toFixed(1),
  eventsPerSecondInProcess: Math.round(EVENTS / seconds),
  cpuPerEvent: {
    withCoreMicros: +coreMicros.toFixed(1),
    parseOnlyMicros: +parseMicros.toFixed(1),
    coreOwnMicros: +(coreMicros - parseMicros).toFixed(1),
  },
  held: {
    dedupeIds: ids.size,
    files: pipeline.stateOf().files.list().length,
    history: { decided, listed },
  },
};
console.log(
  [
    `core heap after ${EVENTS.toLocaleString('en')} events (no I/O): ${figures.heapBeforeMb} → ${figures.heapAfterMb} MiB (growth ${figures.growthMb} MiB)`,
    `  holds ${figures.held.dedupeIds} dedupe ids (24 h, at least 10,000, at most 20,000), ${figures.held.files} files, history ${JSON.stringify(figures.held.history)}`,
    `  CPU per event: ${figures.cpuPerEvent.withCoreMicros} µs through the core, ${figures.cpuPerEvent.parseOnlyMicros} µs making and parsing the same bodies alone: the core's own ${figures.cpuPerEvent.coreOwnMicros} µs`,
    `  baseline (parse only, nothing kept): growth ${figures.baselineParseOnlyGrowthMb} MiB; ${figures.eventsPerSecondInProcess} events/s through the core in one process (${parsedOnly > 0 ? 'ok' : ''})`,
  ].join('\n'),
);
console.log(JSON.stringify(figures));
