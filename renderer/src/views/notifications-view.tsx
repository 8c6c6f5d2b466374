import { useState } from 'preact/hooks';
import type { PauseChoice } from '../../../shared/app-state';
import type { HistoryNotification } from '../../../shared/history';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { SearchField } from '../components/search-field';
import { StatusLine } from '../components/status-line';
import { actOnFile, type RowAction } from '../notification-actions';
import { notificationRuns } from '../notification-runs';
import { reportAction } from '../report-action';
import { useHistoryPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { NotificationRow } from './notification-row';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { formatWhen } from '../format-time';
import { useNotificationSpan } from '../notification-span';

/**
 * The notification history, newest first under day headings: each row with its popup's actions
 * (a click does the main one and marks it read), summaries collapsed, grouped entries once, runs
 * of entries not shown folded; search, unread only, mark all read and pause in the toolbar.
 */
export function NotificationsView() {
  const { api, state, settings, saveSettings, strings, language, goTo } = useApp();
  const s = strings.notifications;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [changes, setChanges] = useState(0);
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  // A quiet hours digest's span (its row's button): only the notifications of that time.
  const [span, setSpan] = useNotificationSpan();
  const query = useDebounced(text.trim());
  // A state push also carries read marks made elsewhere (the tray, another window).
  const tick = useLiveTick(api, ['notification:added', 'state:changed'], 300);
  const result = useHistoryPage(
    api.historyNotifications,
    {
      ...(unreadOnly ? { unreadOnly: true } : {}),
      ...(query ? { text: query } : {}),
      ...(span ? { createdFrom: span.from, createdBefore: span.to } : {}),
    },
    page,
    tick + changes,
  );
  const mutedRooms = settings?.notifications.mutedRooms ?? [];

  const markRead = (id?: string) => {
    void api.historyMarkRead(id === undefined ? {} : { id }).then(
      () => setChanges((c) => c + 1),
      (error: unknown) => setMessage(String(error)),
    );
  };
  const act = (entry: HistoryNotification, action: RowAction) => {
    const { notification } = entry;
    const roomId = notification.roomIds[0];
    setMessage(null);
    if (!entry.read) markRead(notification.id);
    if (action === 'span') {
      if (notification.action?.kind === 'openWindow' && notification.action.span) {
        setSpan(notification.action.span);
        setPage(0);
      }
    } else if (action === 'files') goTo('files');
    else if (action === 'openFile' || action === 'showFile')
      reportAction(actOnFile(api, entry, action === 'openFile' ? 'open' : 'show'), setMessage);
    else if (roomId === undefined) return;
    else if (action === 'openLive')
      reportAction(api.linkOpen({ kind: 'liveRoom', roomId }), setMessage);
    else {
      const next = mutedRooms.includes(roomId)
        ? mutedRooms.filter((id) => id !== roomId)
        : [...mutedRooms, roomId];
      void saveSettings({ notifications: { mutedRooms: next } });
    }
  };
  const pause = (until: PauseChoice) => {
    api.notificationsPause({ until }).catch((error: unknown) => setMessage(String(error)));
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
        <label for="notes-pause" class="sr-only">
          {strings.lists.pauseLabel}
        </label>
        <select
          id="notes-pause"
          class="input toolbar-select"
          value=""
          onChange={(event) => {
            const choice = event.currentTarget.value;
            event.currentTarget.value = '';
            if (choice !== '') pause(choice as PauseChoice);
          }}
        >
          <option value="">{strings.lists.pauseLabel}</option>
          <option value="hour">{strings.settings.pauseHour}</option>
          <option value="tomorrow">{strings.settings.pauseTomorrow}</option>
          <option value="forever">{strings.settings.pauseForever}</option>
          {state.pause.pausedUntil !== null ? (
            <option value="resume">{strings.settings.resume}</option>
          ) : null}
        </select>
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
      {span ? (
        <p class="toolbar-note span-note" role="status">
          {ATTENTION_TEXT[language].spanNote(
            formatWhen(span.from, language),
            formatWhen(span.to, language),
          )}{' '}
          <button type="button" class="button button-small" onClick={() => setSpan(null)}>
            {ATTENTION_TEXT[language].clearSpan}
          </button>
        </p>
      ) : null}
      <StatusLine text={message ?? result.error} tone="error" />
      <HistoryList
        result={result}
        label={s.listLabel}
        emptyText={query || unreadOnly ? s.noMatch : s.empty}
        page={page}
        onPage={setPage}
        rows={(items) =>
          notificationRuns(items, language, Date.now()).map((run) => {
            if (run.kind === 'day')
              return (
                <li key={run.key} class="day-head">
                  {run.day === 'today'
                    ? strings.lists.today
                    : run.day === 'yesterday'
                      ? strings.lists.yesterday
                      : run.day}
                </li>
              );
            const row = (entry: HistoryNotification) => (
              <NotificationRow
                key={entry.notification.id}
                entry={entry}
                muted={mutedRooms.includes(entry.notification.roomIds[0] ?? -1)}
                onAct={act}
                onMarkRead={markRead}
              />
            );
            if (run.kind === 'row') return row(run.entry);
            if (openRuns.has(run.key)) return run.entries.map(row);
            return (
              <li key={run.key} class="folded">
                <button
                  type="button"
                  class="button button-small button-quiet"
                  aria-expanded={false}
                  onClick={() => setOpenRuns(new Set([...openRuns, run.key]))}
                >
                  {strings.lists.moreNotShown(run.entries.length)}
                </button>
              </li>
            );
          })
        }
      />
    </div>
  );
}
