import { useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { SearchField } from '../components/search-field';
import { StatusLine } from '../components/status-line';
import { useHistoryPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { NotificationRow } from './notification-row';

/** The notification history, newest first: shown or suppressed and why, unread count, mark read. */
export function NotificationsView() {
  const { api, state, strings } = useApp();
  const s = strings.notifications;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [changes, setChanges] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const query = useDebounced(text.trim());
  // A state push also carries read marks made elsewhere (the tray, another window).
  const tick = useLiveTick(api, ['notification:added', 'state:changed'], 300);
  const result = useHistoryPage(
    api.historyNotifications,
    { ...(unreadOnly ? { unreadOnly: true } : {}), ...(query ? { text: query } : {}) },
    page,
    tick + changes,
  );

  const markRead = (id?: string) => {
    void api.historyMarkRead(id === undefined ? {} : { id }).then(
      () => setChanges((c) => c + 1),
      (error: unknown) => setMessage(String(error)),
    );
  };

  return (
    <div class="view view-scroll">
      <div class="toolbar">
        <SearchField
          id="notes-search"
          label={s.searchLabel}
          placeholder={s.searchPlaceholder}
          value={text}
          onValue={(value) => {
            setText(value);
            setPage(0);
          }}
        />
        <span class="toolbar-check">
          <input
            id="notes-unread"
            type="checkbox"
            class="checkbox"
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.currentTarget.checked);
              setPage(0);
            }}
          />
          <label for="notes-unread">{s.unreadOnly}</label>
        </span>
        <span class="toolbar-note">{s.unread(state.unreadCount)}</span>
        <button
          type="button"
          class="button button-small"
          disabled={state.unreadCount === 0}
          onClick={() => markRead()}
        >
          {s.markAllRead}
        </button>
      </div>
      <StatusLine text={message ?? result.error} tone="error" />
      <HistoryList
        result={result}
        label={s.listLabel}
        emptyText={query || unreadOnly ? s.noMatch : s.empty}
        page={page}
        onPage={setPage}
        row={(entry) => (
          <NotificationRow key={entry.notification.id} entry={entry} onMarkRead={markRead} />
        )}
      />
    </div>
  );
}
