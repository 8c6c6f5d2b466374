import type { RoomState } from '../../../shared/model';
import { useApp } from '../app-context';
import { SearchField } from '../components/search-field';
import type { FileRange } from '../file-range';

const RANGES: readonly FileRange[] = ['all', 'today', 'yesterday', 'week'];

/** The files' toolbar: a streamer by name or number (with suggestions), text, how many match. */
export function FilesToolbar({
  roomText,
  onRoomText,
  rooms,
  text,
  onText,
  total,
}: {
  roomText: string;
  onRoomText: (text: string) => void;
  /** The suggestions, by name. */
  rooms: readonly RoomState[];
  text: string;
  onText: (text: string) => void;
  total: number;
}) {
  const { strings } = useApp();
  const s = strings.files;
  const l = strings.lists;
  return (
    <div class="toolbar">
      <label for="files-room" class="sr-only">
        {l.roomSearch}
      </label>
      <input
        id="files-room"
        class="input toolbar-select"
        type="search"
        list="files-room-names"
        placeholder={l.roomSearch}
        value={roomText}
        autoComplete="off"
        onInput={(event) => onRoomText(event.currentTarget.value)}
      />
      <datalist id="files-room-names">
        {rooms.map((room) => (
          <option key={room.roomId} value={room.name} data-content />
        ))}
      </datalist>
      <SearchField
        id="files-search"
        label={s.searchLabel}
        placeholder={s.searchPlaceholder}
        value={text}
        onValue={onText}
      />
      <span class="toolbar-note">{s.total(total)}</span>
    </div>
  );
}

/** The files' day chips: all, today, yesterday, the last week. */
export function FileRangeChips({
  range,
  onRange,
}: {
  range: FileRange;
  onRange: (range: FileRange) => void;
}) {
  const l = useApp().strings.lists;
  return (
    <div class="filter-chips file-ranges" role="group" aria-label={l.rangeLabel}>
      {RANGES.map((option) => (
        <button
          key={option}
          type="button"
          class="filter-chip"
          aria-pressed={range === option}
          onClick={() => onRange(option)}
        >
          {option === 'all' ? l.filters.all : l[option]}
        </button>
      ))}
    </div>
  );
}
