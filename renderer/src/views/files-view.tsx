import { Button } from '../components/button';
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { StatusLine } from '../components/status-line';
import { rangeBounds, type FileRange } from '../file-range';
import { PAGE_SIZE, useHistoryPage, withFirstPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { FileRow } from './file-row';
import { FileRangeChips, FilesToolbar } from './files-toolbar';
import { reportCall } from '../report-call';

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
 * What the files' recording root has to do with them: none set, or files missing from it (with
 * where the app looked and the way to the setting).
 */
function RecordingRootNotices({
  files,
  total,
}: {
  /** The page's files. */
  files: readonly HistoryFileItem[];
  /** How many files match in all. */
  total: number;
}) {
  const { settings, strings, goTo } = useApp();
  const l = strings.lists;
  const missing = files.find((file) => file.exists === false);
  // The recorder whose recording root the notices speak of: a missing file's, else the first
  // listed file's (each recorder has its own root).
  const about = missing ?? files[0];
  const rootIndex = settings
    ? Math.max(
        0,
        settings.recorders.findIndex((r) => r.id === about?.recorderId),
      )
    : 0;
  const root = settings?.recorders[rootIndex]?.recordingRoot ?? '';
  const someMissing = missing !== undefined;
  return (
    <>
      {settings !== null && root === '' && total > 0 ? (
        <p class="notice">{strings.files.noRoot}</p>
      ) : null}
      {root !== '' && someMissing ? (
        <div class="notice notice-missing">
          <span>
            {l.missingFiles} {l.lookedIn('')}
            <code data-content>{root}</code>
          </span>
          <Button small onClick={() => goTo('settings', `recorder-${rootIndex}-root`)}>
            {l.checkRoot}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Recent finished recordings, newest first, by streamer and text, in pages; parts of one session
 * together; missing files marked, with where the app looked and the way to the setting.
 */
export function FilesView() {
  const { api, state, strings } = useApp();
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
  // Main says when a finished file's row is committed (files:changed): the cue to read the page
  // again. A state push or a notification comes on its own timer, not after the row's commit.
  const tick = useLiveTick(api, ['files:changed'], 1000);
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

  const act = (file: HistoryFileItem, action: 'open' | 'show') => {
    const ref = {
      roomId: file.roomId,
      relativePath: file.relativePath,
      ...(file.recorderId !== undefined ? { recorderId: file.recorderId } : {}),
    };
    reportCall(action === 'open' ? api.fileOpen(ref) : api.fileShowInFolder(ref), setMessage);
  };

  return (
    <div class="view view-scroll">
      <FilesToolbar
        roomText={roomText}
        onRoomText={withFirstPage(setRoomText, setPage)}
        rooms={roomOptions}
        text={text}
        onText={withFirstPage(setText, setPage)}
        total={shownResult.total}
      />
      <FileRangeChips range={range} onRange={withFirstPage(setRange, setPage)} />
      <RecordingRootNotices files={shownResult.items} total={shownResult.total} />
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
