import { Button } from '../components/button';
import type { HistoryNotification } from '../../../shared/history';
import { goLiveFilterText } from '../../../shared/i18n/go-live-filter';
import { useApp } from '../app-context';
import { Avatar } from '../components/avatar';
import { NotificationButtons } from '../components/notification-buttons';
import { formatAgo, formatWhen } from '../format-time';
import { rowActions, summaryNames, type RowAction } from '../notification-actions';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';

/** Names of a summary: the first two, then "and N more". */
function collapsedBody(body: string, andMore: (names: string, more: number) => string): string {
  const names = summaryNames(body);
  if (names.length <= 3) return body;
  return andMore(names.slice(0, 2).join('、'), names.length - 2);
}

/**
 * One notification: its text (a summary's names collapsed), when, its kind and whether it popped
 * up, and the popup's main and secondary actions. A click on the row does the main action and
 * marks it read.
 */
export function NotificationRow({
  entry,
  muted,
  onAct,
  onMarkRead,
}: {
  entry: HistoryNotification;
  muted: boolean;
  onAct: (entry: HistoryNotification, action: RowAction) => void;
  onMarkRead: (id: string) => void;
}) {
  const { strings, language } = useApp();
  const s = strings.notifications;
  const l = strings.lists;
  const { notification, decision, read } = entry;
  const actions = rowActions(entry);
  const many = notification.roomIds.length > 1;
  const filesCount = Number(/\d+/.exec(notification.title)?.[0] ?? notification.roomIds.length);
  const label: Record<RowAction, string> = {
    openFile: l.openFile,
    showFile: l.showFile,
    openLive: l.openLive,
    files: l.filesLink(filesCount),
    mute: muted ? l.notifyAgain : l.dontNotify,
    span: ATTENTION_TEXT[language].showHeld,
  };
  const main = actions[0];
  return (
    <li
      class={`item note ${read ? '' : 'is-unread'} ${main ? 'is-actionable' : ''}`}
      onClick={(event) => {
        // Buttons act by themselves; a click elsewhere on the row does the main action.
        if ((event.target as HTMLElement).closest('button')) return;
        if (main) onAct(entry, main);
        else if (!read) onMarkRead(notification.id);
      }}
    >
      <div class="item-head">
        {read ? null : (
          <span class="unread-dot">
            <span class="sr-only">{s.unreadMark}</span>
          </span>
        )}
        <Avatar pictures={notification.pictures} />
        <span class="item-title" data-content>
          {notification.title}
        </span>
        <time
          class="item-time"
          dateTime={new Date(notification.createdAt).toISOString()}
          title={formatWhen(notification.createdAt, language)}
        >
          {formatAgo(notification.createdAt, language, strings.setup.ago)}
        </time>
      </div>
      {notification.body ? (
        <p class="item-body" data-content>
          {many ? collapsedBody(notification.body, l.andMore) : notification.body}
        </p>
      ) : null}
      <div class="item-meta">
        <span class="pill pill-quiet">
          {strings.eventNames[notification.event] ?? notification.event}
        </span>
        <span class={`pill ${decision.shown ? 'pill-ok' : 'pill-quiet'}`}>
          {decision.shown ? s.shown : s.suppressed[decision.reason]}
        </span>
        {!decision.shown && decision.filter ? (
          // Which list and word stopped the go-live: the user's own word, in the reason.
          <span class="filter-reason">{goLiveFilterText(decision.filter, language)}</span>
        ) : null}
        <span class="item-end button-row">
          <NotificationButtons entry={entry} />
          {actions.map((action, index) => (
            <button
              key={action}
              type="button"
              class={`button button-small ${index === 0 ? 'button-primary' : ''}`}
              onClick={() => onAct(entry, action)}
            >
              {label[action]}
            </button>
          ))}
          {read ? null : (
            <Button small onClick={() => onMarkRead(notification.id)}>
              {s.markRead}
            </Button>
          )}
        </span>
      </div>
    </li>
  );
}
