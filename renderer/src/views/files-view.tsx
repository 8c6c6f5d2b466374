import { useMemo, useState } from 'preact/hooks';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { SearchField } from '../components/search-field';
import { StatusLine } from '../components/status-line';
import { useHistoryPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { FileRow } from './file-row';
import { reportAction } from '../report-action';

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true });

/** Recent finished recordings, newest first, by room and text, in pages; missing files marked. */
export function FilesView() {
  const { api, state, settings, strings } = useApp();
  const s = strings.files;
  const [roomId, setRoomId] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const query = useDebounced(text.trim());
  // A FileClosed webhook changes the rooms, so a state push is the cue to read the page again.
  const tick = useLiveTick(api, ['state:changed', 'notification:added'], 1000);
  const result = useHistoryPage(
    api.historyFiles,
    { ...(roomId === undefined ? {} : { roomId }), ...(query ? { text: query } : {}) },
    page,
    tick,
  );
  const roomOptions = useMemo(
    () => [...state.rooms].sort((a, b) => collator.compare(a.name, b.name)),
    [state.rooms],
  );
  const filtered = roomId !== undefined || query !== '';

  const act = (file: HistoryFileItem, action: 'open' | 'show') => {
    const ref = { roomId: file.roomId, relativePath: file.relativePath };
    reportAction(action === 'open' ? api.fileOpen(ref) : api.fileShowInFolder(ref), setMessage);
  };

  return (
    <div class="view view-scroll">
      <div class="toolbar">
        <label for="files-room" class="sr-only">
          {s.roomLabel}
        </label>
        <select
          id="files-room"
          class="input toolbar-select"
          value={roomId === undefined ? '' : String(roomId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setRoomId(value === '' ? undefined : Number(value));
            setPage(0);
          }}
        >
          <option value="">{s.allRooms}</option>
          {roomOptions.map((room) => (
            <option key={room.roomId} value={String(room.roomId)} data-content>
              {room.name}
            </option>
          ))}
        </select>
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
        <span class="toolbar-note">{s.total(result.total)}</span>
      </div>
      {settings !== null && settings.recordingRoot === '' && result.total > 0 ? (
        <p class="notice">{s.noRoot}</p>
      ) : null}
      <StatusLine text={message ?? result.error} tone="error" />
      <HistoryList
        result={result}
        label={s.listLabel}
        emptyText={filtered ? s.noMatch : s.empty}
        page={page}
        onPage={setPage}
        row={(file) => (
          <FileRow
            key={`${file.roomId}|${file.relativePath}|${file.finishedAt}`}
            file={file}
            onAction={act}
          />
        )}
      />
    </div>
  );
}
