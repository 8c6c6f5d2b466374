import type { ComponentChildren } from 'preact';
import type { RoomFilter, RoomSort } from '../../../shared/i18n/window/lists';
import { useApp } from '../app-context';
import { SearchField } from './search-field';

const FILTERS: readonly RoomFilter[] = ['all', 'live', 'recording', 'attention', 'muted'];

/**
 * The rooms' toolbar: text filter, remembered sort, the recorder chips where there are several,
 * state chips with counts, "showing n / N".
 */
export function RoomToolbar({
  text,
  onText,
  filter,
  onFilter,
  sort,
  onSort,
  counts,
  shown,
  children,
}: {
  text: string;
  onText: (text: string) => void;
  filter: RoomFilter;
  onFilter: (filter: RoomFilter) => void;
  sort: RoomSort;
  onSort: (sort: RoomSort) => void;
  counts: { live: number; recording: number; attention: number; muted: number; total: number };
  shown: number;
  /** The recorder chips, where there are several recorders. */
  children?: ComponentChildren;
}) {
  const { strings } = useApp();
  const s = strings.rooms;
  const l = strings.lists;
  const countOf: Record<RoomFilter, number> = {
    all: counts.total,
    live: counts.live,
    recording: counts.recording,
    attention: counts.attention,
    muted: counts.muted,
  };
  return (
    <div class="room-toolbar">
      <div class="toolbar">
        <SearchField
          id="rooms-filter"
          label={s.filterLabel}
          placeholder={s.filterPlaceholder}
          value={text}
          onValue={onText}
        />
        <label for="rooms-sort" class="sr-only">
          {l.sortLabel}
        </label>
        <select
          id="rooms-sort"
          class="input toolbar-select"
          value={sort}
          onChange={(event) => onSort(event.currentTarget.value as RoomSort)}
        >
          {(['status', 'name', 'number'] as const).map((option) => (
            <option key={option} value={option}>
              {l.sorts[option]}
            </option>
          ))}
        </select>
      </div>
      {children ? <div class="chip-row">{children}</div> : null}
      <div class="chip-row">
        <div class="filter-chips" role="group" aria-label={l.filtersLabel}>
          {FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              class={`filter-chip ${option === 'attention' && counts.attention > 0 ? 'has-attention' : ''}`}
              aria-pressed={filter === option}
              onClick={() => onFilter(option)}
            >
              {l.filters[option]} <span class="filter-count">{countOf[option]}</span>
            </button>
          ))}
        </div>
        <span class="toolbar-note" role="status">
          {l.showing(shown, counts.total)}
        </span>
      </div>
    </div>
  );
}
