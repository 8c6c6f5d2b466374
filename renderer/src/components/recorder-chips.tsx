import { useApp } from '../app-context';
import type { RecorderChip, RecorderFilter } from '../recorder-rooms';

/**
 * The Rooms view's recorder chips, where there are several recorders: every recorder, or one,
 * each with its count of rooms (a room on two recorders counts in both).
 */
export function RecorderChips({
  chips,
  total,
  filter,
  onFilter,
}: {
  chips: readonly RecorderChip[];
  total: number;
  filter: RecorderFilter;
  onFilter: (filter: RecorderFilter) => void;
}) {
  const { strings } = useApp();
  const s = strings.rooms;
  return (
    <div class="filter-chips recorder-chips" role="group" aria-label={s.recordersLabel}>
      <button
        type="button"
        class="filter-chip"
        aria-pressed={filter === 'all'}
        onClick={() => onFilter('all')}
      >
        {s.allRecorders} <span class="filter-count">{total}</span>
      </button>
      {chips.map((chip) => (
        <button
          key={chip.id}
          type="button"
          class="filter-chip"
          data-recorder-id={chip.id}
          aria-pressed={filter !== 'all' && filter.id === chip.id}
          onClick={() => onFilter({ id: chip.id })}
        >
          <span data-content>{chip.name}</span> <span class="filter-count">{chip.count}</span>
        </button>
      ))}
    </div>
  );
}
