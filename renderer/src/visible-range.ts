/** Which lines of a list to render: `start` inclusive, `end` exclusive. */
export interface VisibleRange {
  start: number;
  end: number;
}

/**
 * The lines a scrolled viewport shows, plus `overscan` lines either side so that fast scrolling
 * does not flash empty space; lines may differ in height: `offsets[i]` is the top of line i and
 * `offsets[count]` the total height (prefix sums). Binary search: the list renders only these.
 */
export function visibleRangeByOffsets(options: {
  offsets: readonly number[];
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): VisibleRange {
  const { offsets } = options;
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const overscan = options.overscan ?? 4;
  const top = Math.max(0, options.scrollTop);
  const bottom = top + Math.max(0, options.viewportHeight);
  const lineAt = (y: number) => {
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((offsets[mid] ?? 0) <= y) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const first = lineAt(top);
  const last = lineAt(bottom);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}

/**
 * The top of each line of a list laid out in `columns` (a line is as tall as its tallest item)
 * and, last, the total height: the prefix sums `visibleRangeByOffsets` takes.
 */
export function lineOffsets<T>(
  items: readonly T[],
  columns: number,
  rowHeight: (item: T) => number,
): number[] {
  const tops = [0];
  for (let start = 0; start < items.length; start += columns) {
    let height = 0;
    for (let i = start; i < Math.min(items.length, start + columns); i++)
      height = Math.max(height, rowHeight(items[i] as T));
    tops.push((tops[tops.length - 1] ?? 0) + height);
  }
  return tops;
}
