import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { summarizeLatency, type LatencySummary } from './load-protocol';

/**
 * What the disk alone costs: appends a journal-sized line and fdatasyncs it, one after another,
 * for `durationMs`, in `dir`. The listener's p99 at a paced rate cannot beat this probe's p99,
 * since every answer waits for one such sync.
 */
export async function probeFdatasync(
  dir: string,
  durationMs = 1000,
): Promise<LatencySummary & { count: number }> {
  const path = join(dir, 'fsync-probe.tmp');
  const handle = await open(path, 'a');
  const line = `${'x'.repeat(700)}\n`;
  const samples: number[] = [];
  try {
    const end = performance.now() + durationMs;
    while (performance.now() < end) {
      const started = performance.now();
      await handle.write(line);
      await handle.datasync();
      samples.push(performance.now() - started);
    }
  } finally {
    await handle.close();
    await rm(path, { force: true });
  }
  return { ...summarizeLatency(Float64Array.from(samples)), count: samples.length };
}
