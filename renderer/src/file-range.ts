import { fileTimes } from './file-times';

/** The files' time chips. */
export type FileRange = 'all' | 'today' | 'yesterday' | 'week';

/** How many of the newest files a time chip looks through (the history's query maximum). */
export const RANGE_WINDOW = 500;

function startOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Whether a file was recorded (its own close time) within a chip's range, local days. */
export function inRange(
  file: { openedAt?: string | undefined; closedAt?: string | undefined; finishedAt: number },
  range: FileRange,
  now: number,
): boolean {
  if (range === 'all') return true;
  const at = fileTimes(file).to;
  const today = startOfDay(now);
  if (range === 'today') return at >= today;
  if (range === 'yesterday') return at >= startOfDay(today - 1) && at < today;
  return at >= today - 6 * 86_400_000;
}
