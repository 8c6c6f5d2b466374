/** The files' time chips. */
export type FileRange = 'all' | 'today' | 'yesterday' | 'week';

function startOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * A chip's range as the history query takes it (by the files' own close time), in the window's
 * local days: today, yesterday, or the last seven days including today.
 */
export function rangeBounds(
  range: FileRange,
  now: number,
): { recordedFrom?: number; recordedBefore?: number } {
  const today = startOfDay(now);
  switch (range) {
    case 'all':
      return {};
    case 'today':
      return { recordedFrom: today };
    case 'yesterday':
      return { recordedFrom: startOfDay(today - 1), recordedBefore: today };
    case 'week':
      return { recordedFrom: startOfDay(today - 6 * 86_400_000) };
  }
}
