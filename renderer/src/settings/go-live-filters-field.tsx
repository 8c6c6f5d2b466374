import { Button } from '../components/button';
import { useMemo, useState } from 'preact/hooks';
import type { GoLiveFilter, GoLiveFilterList } from '../../../shared/go-live-filter';
import {
  GO_LIVE_FILTER_STRINGS,
  type GoLiveFilterStrings,
} from '../../../shared/i18n/window/go-live-filters';
import type { Settings } from '../../../shared/settings';
import { useApp } from '../app-context';

type Filters = Settings['notifications']['goLiveFilters'];

/** Words typed one a line or separated by commas (also full-width ones), each once. */
export function filterWords(text: string): string[] {
  const words = text
    .split(/[\n,，、]+/)
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set(words)];
}

/** One list of words, comma-separated in one line; kept as typed while focused, saved when left. */
function WordsField({
  id,
  label,
  words,
  onWords,
}: {
  id: string;
  label: string;
  words: readonly string[];
  onWords: (words: string[]) => void;
}) {
  const [text, setText] = useState(words.join(', '));
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input
        id={id}
        class="input"
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter ends the list here (as leaving it does); it must not save the settings form.
          if (event.key === 'Enter') {
            event.preventDefault();
            event.stopPropagation();
            event.currentTarget.blur();
          }
        }}
        onChange={() => {
          const next = filterWords(text);
          setText(next.join(', '));
          if (next.join('\n') !== words.join('\n')) onWords(next);
        }}
      />
    </div>
  );
}

/** The four lists of one filter (all rooms, or one room's own). */
function FilterLists({
  id,
  filter,
  strings: f,
  onChange,
}: {
  id: string;
  filter: GoLiveFilter;
  strings: GoLiveFilterStrings;
  onChange: (changes: Partial<GoLiveFilter>) => void;
}) {
  const field = (list: GoLiveFilterList) => (
    <WordsField
      id={`${id}-${list}`}
      label={f.lists[list]}
      words={filter[list]}
      onWords={(words) => onChange({ [list]: words })}
    />
  );
  return (
    <>
      <div class="field-pair">
        {field('titleAllow')}
        {field('titleBlock')}
      </div>
      <div class="field-pair">
        {field('areaAllow')}
        {field('areaBlock')}
      </div>
    </>
  );
}

/**
 * The go-live filters, beside the other per-room choices: title words and areas to allow or
 * block, for all rooms and for rooms with their own filter (which takes the place of the one for
 * all). Each list applies when it is left, like the other choices of this section.
 */
export function GoLiveFiltersField({
  filters,
  onFilters,
}: {
  filters: Filters;
  /** Saves a change (the patch merges `all` key by key; `rooms` is replaced whole). */
  onFilters: (patch: { all?: Partial<GoLiveFilter>; rooms?: Filters['rooms'] }) => void;
}) {
  const { state, language } = useApp();
  const f = GO_LIVE_FILTER_STRINGS[language];
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = useMemo(
    () => new Map(state.rooms.map((room) => [room.roomId, room.name])),
    [state.rooms],
  );
  const addRoom = () => {
    const text = adding.trim();
    if (!/^\d+$/.test(text)) return setError(f.badRoom);
    const roomId = Number(text);
    if (filters.rooms.some((room) => room.roomId === roomId)) return setError(f.roomTaken);
    setError(null);
    setAdding('');
    onFilters({
      rooms: [
        ...filters.rooms,
        { roomId, titleAllow: [], titleBlock: [], areaAllow: [], areaBlock: [] },
      ],
    });
  };
  return (
    <fieldset class="fieldset" id="go-live-filters">
      <legend class="field-label">{f.heading}</legend>
      <p class="field-hint">
        {f.hint} {f.listHint}
      </p>
      <h4 class="filter-scope">{f.all}</h4>
      <FilterLists
        id="filter-all"
        filter={filters.all}
        strings={f}
        onChange={(all) => onFilters({ all })}
      />
      <h4 class="filter-scope">{f.rooms}</h4>
      {filters.rooms.length === 0 ? <p class="field-hint">{f.noRooms}</p> : null}
      <ul class="items rules">
        {filters.rooms.map((room, index) => (
          <li key={room.roomId} class="step-card" data-filter-room={room.roomId}>
            <div class="item-head">
              <span class="item-title" data-content>
                {f.roomLabel(names.get(room.roomId) ?? String(room.roomId))}
              </span>
              <Button
                small
                onClick={() => onFilters({ rooms: filters.rooms.filter((_, i) => i !== index) })}
              >
                {f.removeRoom}
              </Button>
            </div>
            <FilterLists
              id={`filter-room-${room.roomId}`}
              filter={room}
              strings={f}
              onChange={(changes) =>
                onFilters({
                  rooms: filters.rooms.map((r, i) => (i === index ? { ...r, ...changes } : r)),
                })
              }
            />
          </li>
        ))}
      </ul>
      <div class="field">
        <label class="field-label" for="filter-add-room">
          {f.addRoomLabel}
        </label>
        <div class="input-with-button">
          <input
            id="filter-add-room"
            class="input"
            inputMode="numeric"
            list="filter-room-choices"
            value={adding}
            aria-invalid={error !== null ? 'true' : undefined}
            onInput={(event) => setAdding(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter adds the room here; it must not reach the settings form (which saves).
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.stopPropagation();
              addRoom();
            }}
          />
          <Button onClick={addRoom}>{f.addRoom}</Button>
        </div>
        <datalist id="filter-room-choices">
          {state.rooms.map((room) => (
            <option
              key={`${room.recorderId}|${room.roomId}`}
              value={String(room.roomId)}
              data-content
            >
              {room.name}
            </option>
          ))}
        </datalist>
        {error ? (
          <p class="field-errors" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
