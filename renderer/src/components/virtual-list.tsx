import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { visibleRange } from '../visible-range';

/** Props of VirtualList. */
export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row's height in px (rows are laid out absolutely, so it must be fixed). */
  rowHeight: number;
  rowKey: (item: T) => string | number;
  renderRow: (item: T) => ComponentChildren;
  label: string;
}

/**
 * A scrolling list that renders only the rows in view (plus a few): 500 rooms cost what 15 do.
 * Rows are positioned with CSSOM styles, which the window's CSP allows (no style attributes).
 */
export function VirtualList<T>({
  items,
  rowHeight,
  rowKey,
  renderRow,
  label,
}: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  // The scroll position is not state: most scroll events leave the same rows in view, and a
  // render is asked for only when the range they show changes.
  const scrollTop = useRef(0);
  const shown = useRef({ start: 0, end: 0 });
  const [, rerender] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    setViewportHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Before the first measurement, assume a tall window rather than render nothing.
  const rangeAt = (top: number) =>
    visibleRange({
      count: items.length,
      rowHeight,
      scrollTop: top,
      viewportHeight: viewportHeight || 1200,
    });
  const { start, end } = (shown.current = rangeAt(scrollTop.current));
  const rows: ComponentChildren[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index] as T;
    rows.push(
      <div
        key={rowKey(item)}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        class="vlist-row"
        style={{ top: `${index * rowHeight}px`, height: `${rowHeight}px` }}
      >
        {renderRow(item)}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      class="vlist"
      role="list"
      aria-label={label}
      onScroll={(event) => {
        scrollTop.current = event.currentTarget.scrollTop;
        const next = rangeAt(scrollTop.current);
        if (next.start !== shown.current.start || next.end !== shown.current.end)
          rerender((n) => n + 1);
      }}
    >
      <div class="vlist-spacer" style={{ height: `${items.length * rowHeight}px` }}>
        {rows}
      </div>
    </div>
  );
}
