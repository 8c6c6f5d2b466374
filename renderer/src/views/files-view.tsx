import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { SearchField } from '../components/search-field';
import { StatusLine } from '../components/status-line';
import { rangeBounds, type FileRange } from '../file-range';
import { PAGE_SIZE, useHistoryPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { FileRow } from './file-row';
import { reportAction } from '../report-action';

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true });

/** Rows of one page with a heading before each run of parts of one live session. */
function withSessionHeads(
  items: readonly HistoryFileItem[],
  row: (file: HistoryFileItem) => ComponentChildren,
  heading: (count: number) => string,
): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  for (let i = 0; i < items.length;) {
    const session = items[i]?.sessionId;
    let j = i + 1;
    while (session && j < items.length && items[j]?.sessionId === session) j++;
    if (j - i > 1)
      out.push(
        <li key={`session-${session}-${i}`} class="session-head">
          {heading(j - i)}
        </li>,
      );
    for (let k = i; k < j; k++) out.push(row(items[k] as HistoryFileItem));
    i = j;
  }
  return out;
}

/**
 * Recent finished recordings, newest first, by streamer and text, in pages; parts of one session
 * together; missing files marked, with where the app looked and the way to the setting.
 */
export function FilesView() {
  const { api, state, settings, strings, goTo } = useApp();
  const s = strings.files;
  const l = strings.lists;
  const [roomText, setRoomText] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [range, setRange] = useState<FileRange>('all');
  const [message, setMessage] = useState<string | null>(null);
  const query = useDebounced(text.trim());
  const roomOptions = useMemo(
    () => [...state.rooms].sort((a, b) => collator.compare(a.name, b.name)),
    [state.rooms],
  );
  // A streamer typed (or picked from the suggestions) by name or room number.
  const roomId = useMemo(() => {
    const typed = roomText.trim();
    if (typed === '') return undefined;
    return roomOptions.find((room) => room.name === typed || String(room.roomId) === typed)?.roomId;
  }, [roomText, roomOptions]);
  // A FileClosed webhook changes the rooms, so a state push is the cue to read the page again.
  const tick = useLiveTick(api, ['state:changed', 'notification:added'], 1000);
  // The day chips are part of the query: every kept file is searched, not only the newest page.
  const bounds = useMemo(() => rangeBounds(range, Date.now()), [range, tick]);
  const shownResult = useHistoryPage(
    api.historyFiles,
    {
      ...(roomId === undefined ? {} : { roomId }),
      ...(query ? { text: query } : {}),
      ...bounds,
    },
    page,
    tick,
    PAGE_SIZE,
  );
  const filtered = roomId !== undefined || query !== '';
  const missing = shownResult.items.find((file) => file.exists === false);
  // The recorder whose recording root the notices speak of: a missing file's, else the first
  // listed file's (each recorder has its own root).
  const about = missing ?? shownResult.items[0];
  const rootIndex = settings
    ? Math.max(
        0,
        settings.recorders.findIndex((r) => r.id === about?.recorderId),
      )
    : 0;
  const root = settings?.recorders[rootIndex]?.recordingRoot ?? '';
  const someMissing = missing !== undefined;

  const act = (file: HistoryFileItem, action: 'open' | 'show') => {
    const ref = {
      roomId: file.roomId,
      relativePath: file.relativePath,
      ...(file.recorderId !== undefined ? { recorderId: file.recorderId } : {}),
    };
    reportAction(action === 'open' ? api.fileOpen(ref) : api.fileShowInFolder(ref), setMessage);
  };

  return (
    <div class="view view-scroll">
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
          onInput={(event) => {
            setRoomText(event.currentTarget.value);
            setPage(0);
          }}
        />
        <datalist id="files-room-names">
          {roomOptions.map((room) => (
            <option key={room.roomId} value={room.name} data-content />
          ))}
        </datalist>
        <SearchField
          id="files-search"
          label={s.searchLabel}
          placeholder={s.searchPlaceholder}
          value={text}
          onValue={(value) => {
            setText(value);
            setPage(0);
          }}
        />
        <span class="toolbar-note">{s.total(shownResult.total)}</span>
      </div>
      <div class="filter-chips file-ranges" role="group" aria-label={l.rangeLabel}>
        {(['all', 'today', 'yesterday', 'week'] as const).map((option) => (
          <button
            key={option}
            type="button"
            class="filter-chip"
            aria-pressed={range === option}
            onClick={() => {
              setRange(option);
              setPage(0);
            }}
          >
            {option === 'all' ? l.filters.all : l[option]}
          </button>
        ))}
      </div>
      {settings !== null && root === '' && shownResult.total > 0 ? (
        <p class="notice">{s.noRoot}</p>
      ) : null}
      {root !== '' && someMissing ? (
        <div class="notice notice-missing">
          <span>
            {l.missingFiles} {l.lookedIn('')}
            <code data-content>{root}</code>
          </span>
          <button
            type="button"
            class="button button-small"
            onClick={() => goTo('settings', `recorder-${rootIndex}-root`)}
          >
            {l.checkRoot}
          </button>
        </div>
      ) : null}
      <StatusLine text={message ?? shownResult.error} tone="error" />
      <HistoryList
        result={shownResult}
        label={s.listLabel}
        emptyText={filtered || range !== 'all' ? s.noMatch : s.empty}
        page={page}
        onPage={setPage}
        rows={(items) =>
          withSessionHeads(
            items,
            (file) => (
              <FileRow
                key={`${file.roomId}|${file.relativePath}|${file.finishedAt}`}
                file={file}
                onAction={act}
              />
            ),
            l.parts,
          )
        }
      />
    </div>
  );
}
