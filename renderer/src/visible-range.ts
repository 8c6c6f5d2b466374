/** Which rows of a fixed-row-height list to render: `start` inclusive, `end` exclusive. */
export interface VisibleRange {
  start: number;
  end: number;
}

/**
 * The rows a scrolled viewport shows, plus `overscan` rows either side so that fast scrolling
 * does not flash empty space. Pure arithmetic: the list renders only these.
 */
export function visibleRange(options: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): VisibleRange {
  const { count, rowHeight } = options;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const overscan = options.overscan ?? 4;
  const top = Math.max(0, options.scrollTop);
  const height = Math.max(0, options.viewportHeight);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const last = Math.min(count, Math.ceil((top + height) / rowHeight));
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, Math.max(last, first + 1) + overscan),
  };
}

/**
 * The lines a scrolled viewport shows when lines differ in height: `offsets[i]` is the top of
 * line i and `offsets[count]` the total height (prefix sums). Binary search, plus overscan.
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
