/** One load phase the bench asks the load client to run against one listener. */
export interface LoadRequest {
  type: 'run';
  id: number;
  port: number;
  path: string;
  /** Concurrent senders (closed loop) or sockets in flight at most (paced). */
  senders: number;
  /** `closed`: each sender sends as soon as its previous answer came; `paced`: `rate` events/s. */
  mode: 'closed' | 'paced';
  rate?: number;
  /** Stop after this many events... */
  count?: number;
  /** ...or after this long (closed mode), whichever comes first. */
  durationMs?: number;
  /** Send every latency back (rounded to µs), so that rounds can be merged. */
  withSamples?: boolean;
}

/** Latency percentiles of one phase, in milliseconds. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** What the load client measured in one phase. */
export interface LoadResult {
  type: 'result';
  id: number;
  sent: number;
  /** Answers with the expected 204. */
  ok: number;
  /** Other statuses and network errors, by name, e.g. `{"500": 2, "ECONNRESET": 1}`. */
  failures: Record<string, number>;
  elapsedMs: number;
  eventsPerSecond: number;
  latencyMs: LatencySummary;
  /** Mean request body size in bytes. */
  meanBodyBytes: number;
  /** Every latency in ms, when asked for. */
  samples?: number[];
}

/** Messages from the load client to the bench. */
export type ClientMessage = { type: 'ready' } | LoadResult;
/** Messages from the bench to the load client. */
export type BenchMessage = LoadRequest | { type: 'exit' };

/** Percentiles of `samples` (milliseconds; sorted in place). */
export function summarizeLatency(samples: Float64Array): LatencySummary {
  if (samples.length === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  samples.sort();
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  let sum = 0;
  for (const v of samples) sum += v;
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: samples[samples.length - 1]!,
    mean: sum / samples.length,
  };
}
