import { useMemo, useState } from 'preact/hooks';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { Pager } from '../components/pager';
import { StatusLine } from '../components/status-line';
import { PAGE_SIZE, useHistoryPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { FileRow } from './file-row';

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
    void (action === 'open' ? api.fileOpen(ref) : api.fileShowInFolder(ref)).then(
      (answer) => setMessage(answer.ok ? null : (answer.message ?? null)),
      (error: unknown) => setMessage(String(error)),
    );
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
        <label for="files-search" class="sr-only">
          {s.searchLabel}
        </label>
        <input
          id="files-search"
          class="input toolbar-search"
          type="search"
          value={text}
          placeholder={s.searchPlaceholder}
          autoComplete="off"
          onInput={(event) => {
            setText(event.currentTarget.value);
            setPage(0);
          }}
        />
        <span class="toolbar-note">{s.total(result.total)}</span>
      </div>
      {settings !== null && settings.recordingRoot === '' && result.total > 0 ? (
        <p class="notice">{s.noRoot}</p>
      ) : null}
      <StatusLine text={message ?? result.error} tone="error" />
      {result.loading ? null : result.items.length === 0 ? (
        <p class="empty">{filtered ? s.noMatch : s.empty}</p>
      ) : (
        <ul class="items" aria-label={s.listLabel}>
          {result.items.map((file) => (
            <FileRow
              key={`${file.roomId}|${file.relativePath}|${file.finishedAt}`}
              file={file}
              onAction={act}
            />
          ))}
        </ul>
      )}
      <Pager page={page} total={result.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </div>
  );
}
