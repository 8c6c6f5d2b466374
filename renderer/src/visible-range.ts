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
