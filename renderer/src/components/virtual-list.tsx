import type { ComponentChildren, RefObject } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { lineOffsets, visibleRangeByOffsets } from '../visible-range';
import { gridColumns, listKeyTarget } from '../list-keys';

/** What a row is told when it renders. */
export interface RowContext {
  /** The row holding the list's one tab stop. */
  active: boolean;
}

/** Props of VirtualList. */
export interface VirtualListProps<T> {
  items: readonly T[];
  /** A row's height in px (rows are laid out absolutely, so it must be known before layout). */
  rowHeight: (item: T) => number;
  rowKey: (item: T) => string | number;
  renderRow: (item: T, context: RowContext) => ComponentChildren;
  /**
   * Ids of the elements whose whole text names the row (titles are cut on screen, not for screen
   * readers); by reference, so that no streamer's name or title is copied into an attribute.
   */
  rowLabelledBy: (item: T) => string;
  label: string;
  /** From 750 px wide, rows are laid out in columns at least this wide. */
  minColumnWidth?: number;
  /** Enter on a row. */
  onActivate?: (item: T) => void;
  /** Any other key on a row (a shortcut such as M). */
  onRowKey?: (item: T, event: KeyboardEvent) => void;
  /** The active row changed (by keys, a click or the focus). */
  onActiveChange?: (item: T) => void;
}

const GAP = 8;

/**
 * The list's size, kept up to date: the width its columns share (the spacer's, which the list may
 * cap) and the height its rows fill.
 */
function useListSize(
  list: RefObject<HTMLDivElement>,
  spacer: RefObject<HTMLDivElement>,
): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = list.current;
    if (element === null) return undefined;
    const measure = () =>
      setSize({
        width: spacer.current?.clientWidth ?? element.clientWidth,
        height: element.clientHeight,
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (spacer.current !== null) observer.observe(spacer.current);
    return () => observer.disconnect();
  }, []);
  return size;
}

/** One rendered row: a list item placed absolutely at its line (and column, in a grid). */
function VirtualRow({
  index,
  count,
  labelledBy,
  active,
  top,
  height,
  column,
  onFocus,
  children,
}: {
  index: number;
  /** How many items the list has. */
  count: number;
  labelledBy: string;
  active: boolean;
  top: number;
  height: number;
  /** Where a grid's column starts and how wide it is; null in one column. */
  column: { left: number; width: number } | null;
  /** The row itself (not one of its buttons) took the focus. */
  onFocus: () => void;
  children: ComponentChildren;
}) {
  return (
    <div
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-labelledby={labelledBy}
      data-index={index}
      tabIndex={active ? 0 : -1}
      class="vlist-row"
      style={{
        top: `${top}px`,
        height: `${height}px`,
        ...(column ? { left: `${column.left}px`, width: `${column.width}px` } : {}),
      }}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus();
      }}
    >
      {children}
    </div>
  );
}

/**
 * A scrolling list (a grid from 750 px) that renders only the lines in view, plus a few: 500
 * rooms cost what 15 do. One tab stop: the active row; arrows, Home / End and Page keys move it.
 * Rows are positioned with CSSOM styles, which the window's CSP allows (no style attributes).
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, rowKey, renderRow, rowLabelledBy, label } = props;
  const ref = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  // The scroll position is not state: most scroll events leave the same lines in view, and a
  // render is asked for only when the range they show changes.
  const scrollTop = useRef(0);
  const shown = useRef({ start: 0, end: 0 });
  const [, rerender] = useState(0);
  const size = useListSize(ref, spacer);
  const [active, setActive] = useState(0);
  const focusNext = useRef(false);
  const columns = gridColumns(size.width, props.minColumnWidth);
  const offsets = useMemo(
    () => lineOffsets(items, columns, rowHeight),
    [items, columns, rowHeight],
  );
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  // Before the first measurement, assume the list fills the window rather than render nothing
  // (no list is taller than the window: more rows would only slow the first render).
  const rangeAt = (top: number) =>
    visibleRangeByOffsets({
      offsets,
      scrollTop: top,
      viewportHeight: size.height || window.innerHeight,
    });
  const { start, end } = (shown.current = rangeAt(scrollTop.current));

  useLayoutEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    ref.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)?.focus();
  });

  const moveTo = (index: number) => {
    const element = ref.current;
    const line = Math.floor(index / columns);
    const top = offsets[line] ?? 0;
    const bottom = offsets[line + 1] ?? top;
    if (element !== null) {
      if (top < element.scrollTop) element.scrollTop = top;
      else if (bottom > element.scrollTop + element.clientHeight)
        element.scrollTop = bottom - element.clientHeight;
      scrollTop.current = element.scrollTop;
    }
    focusNext.current = true;
    setActive(index);
    const item = items[index];
    if (item !== undefined) props.onActiveChange?.(item);
    rerender((n) => n + 1);
  };

  const cells: ComponentChildren[] = [];
  const width = columns > 1 ? (size.width - GAP * (columns - 1)) / columns : 0;
  for (let line = start; line < end; line++) {
    for (
      let index = line * columns;
      index < Math.min(items.length, (line + 1) * columns);
      index++
    ) {
      const item = items[index] as T;
      const column = index % columns;
      cells.push(
        <VirtualRow
          key={rowKey(item)}
          index={index}
          count={items.length}
          labelledBy={rowLabelledBy(item)}
          active={index === activeIndex}
          top={offsets[line] ?? 0}
          height={rowHeight(item)}
          column={columns > 1 ? { left: column * (width + GAP), width } : null}
          onFocus={() => {
            if (index !== activeIndex) setActive(index);
            props.onActiveChange?.(item);
          }}
        >
          {renderRow(item, { active: index === activeIndex })}
        </VirtualRow>,
      );
    }
  }
  return (
    <div
      ref={ref}
      class="vlist"
      role="list"
      aria-label={label}
      onKeyDown={(event) => {
        if (!(event.target instanceof HTMLElement) || !event.target.classList.contains('vlist-row'))
          return;
        const item = items[activeIndex];
        if (item === undefined) return;
        const perPage = Math.max(1, Math.floor((size.height || 600) / (offsets[1] ?? 60)));
        const target = listKeyTarget(event.key, activeIndex, items.length, columns, perPage);
        if (target !== null) {
          event.preventDefault();
          moveTo(target);
        } else if (event.key === 'Enter') {
          event.preventDefault();
          props.onActivate?.(item);
        } else props.onRowKey?.(item, event);
      }}
      onScroll={(event) => {
        scrollTop.current = event.currentTarget.scrollTop;
        const next = rangeAt(scrollTop.current);
        if (next.start !== shown.current.start || next.end !== shown.current.end)
          rerender((n) => n + 1);
      }}
    >
      <div
        ref={spacer}
        class="vlist-spacer"
        style={{ height: `${offsets[offsets.length - 1] ?? 0}px` }}
      >
        {cells}
      </div>
    </div>
  );
}
