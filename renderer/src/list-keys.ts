/** Columns of a list `width` px wide: one below 700 px (a window under ~750 px), then as many as fit. */
export function gridColumns(width: number, minColumnWidth: number | undefined): number {
  if (minColumnWidth === undefined || width < 700) return 1;
  return Math.max(1, Math.floor(width / minColumnWidth));
}

/**
 * Where a key moves the active row of a list laid out in `columns`: arrows by row and column,
 * Home / End, Page Up / Down by `perPage` lines; null for keys that do not move it.
 */
export function listKeyTarget(
  key: string,
  index: number,
  count: number,
  columns: number,
  perPage: number,
): number | null {
  const clamp = (value: number) => Math.max(0, Math.min(count - 1, value));
  switch (key) {
    case 'ArrowDown':
      return clamp(index + columns);
    case 'ArrowUp':
      return clamp(index - columns);
    case 'ArrowRight':
      return columns > 1 ? clamp(index + 1) : null;
    case 'ArrowLeft':
      return columns > 1 ? clamp(index - 1) : null;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(index + perPage * columns);
    case 'PageUp':
      return clamp(index - perPage * columns);
    default:
      return null;
  }
}
