/** The sample at `q` (0 to 1) of `samples`, by rank: the upper middle one for 0.5 of an even count; 0 for none. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The middle of `samples` (the upper one of an even count). */
export const median = (samples: readonly number[]): number => quantile(samples, 0.5);
