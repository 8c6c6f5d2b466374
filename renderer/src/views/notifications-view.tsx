import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { PauseChoice } from '../../../shared/app-state';
import type { HistoryNotification } from '../../../shared/history';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { StatusLine } from '../components/status-line';
import { actOnFile, type RowAction } from '../notification-actions';
import { notificationRuns } from '../notification-runs';
import { reportCall } from '../report-call';
import { useHistoryPage, withFirstPage } from '../use-history-page';
import { useDebounced } from '../use-debounced';
import { useLiveTick } from '../use-live-tick';
import { NotificationRow } from './notification-row';
import { NotificationsToolbar } from './notifications-toolbar';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { formatWhen } from '../format-time';
import { useNotificationSpan, type NotificationSpan } from '../notification-span';

/** Only the notifications of a quiet hours digest's span are shown: when, and show all again. */
function SpanNote({ span, onClear }: { span: NotificationSpan; onClear: () => void }) {
  const { language } = useApp();
  return (
    <p class="toolbar-note span-note" role="status">
      {ATTENTION_TEXT[language].spanNote(
        formatWhen(span.from, language),
        formatWhen(span.to, language),
      )}{' '}
      <Button small onClick={onClear}>
        {ATTENTION_TEXT[language].clearSpan}
      </Button>
    </p>
  );
}

/** The heading of one day's notifications: today, yesterday, or the date. */
function DayHead({ day }: { day: string }) {
  const l = useApp().strings.lists;
  return (
    <li class="day-head">{day === 'today' ? l.today : day === 'yesterday' ? l.yesterday : day}</li>
  );
}

/** A run of notifications not shown, folded: how many, and a button that unfolds them. */
function FoldedRun({ count, onOpen }: { count: number; onOpen: () => void }) {
  const l = useApp().strings.lists;
  return (
    <li class="folded">
      <Button small class="button-quiet" aria-expanded={false} onClick={onOpen}>
        {l.moreNotShown(count)}
      </Button>
    </li>
  );
}

/**
 * The notification history, newest first under day headings: each row with its popup's actions
 * (a click does the main one and marks it read), summaries collapsed, grouped entries once, runs
 * of entries not shown folded; search, unread only, mark all read and pause in the toolbar.
 */
export function NotificationsView() {
  const { api, settings, saveSettings, strings, language, goTo } = useApp();
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
      reportCall(actOnFile(api, entry, action === 'openFile' ? 'open' : 'show'), setMessage);
    else if (roomId === undefined) return;
    else if (action === 'openLive')
      reportCall(api.linkOpen({ kind: 'liveRoom', roomId }), setMessage);
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
      <NotificationsToolbar
        text={text}
        onText={withFirstPage(setText, setPage)}
        unreadOnly={unreadOnly}
        onUnreadOnly={withFirstPage(setUnreadOnly, setPage)}
        onPause={pause}
        onMarkAllRead={() => markRead()}
      />
      {span ? <SpanNote span={span} onClear={() => setSpan(null)} /> : null}
      <StatusLine text={message ?? result.error} tone="error" />
      <HistoryList
        result={result}
        label={s.listLabel}
        emptyText={query || unreadOnly ? s.noMatch : s.empty}
        page={page}
        onPage={setPage}
        rows={(items) =>
          notificationRuns(items, language, Date.now()).map((run) => {
            if (run.kind === 'day') return <DayHead key={run.key} day={run.day} />;
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
              <FoldedRun
                key={run.key}
                count={run.entries.length}
                onOpen={() => setOpenRuns(new Set([...openRuns, run.key]))}
              />
            );
          })
        }
      />
    </div>
  );
}
