import type { HistoryNotification } from '../../../shared/history';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';

/** One notification: its text, when, what kind, whether it popped up (or why not), read or not. */
export function NotificationRow({
  entry,
  onMarkRead,
}: {
  entry: HistoryNotification;
  onMarkRead: (id: string) => void;
}) {
  const { strings, language } = useApp();
  const s = strings.notifications;
  const { notification, decision, read } = entry;
  return (
    <li class={`item note ${read ? '' : 'is-unread'}`}>
      <div class="item-head">
        {read ? null : (
          <span class="unread-dot">
            <span class="sr-only">{s.unreadMark}</span>
          </span>
        )}
        <span class="item-title" data-content>
          {notification.title}
        </span>
        <time class="item-time" dateTime={new Date(notification.createdAt).toISOString()}>
          {formatWhen(notification.createdAt, language)}
        </time>
      </div>
      {notification.body ? (
        <p class="item-body" data-content>
          {notification.body}
        </p>
      ) : null}
      <div class="item-meta">
        <span class="pill pill-quiet">{strings.eventNames[notification.event]}</span>
        <span class={`pill ${decision.shown ? 'pill-ok' : 'pill-quiet'}`}>
          {decision.shown ? s.shown : s.suppressed[decision.reason]}
        </span>
        {read ? null : (
          <button
            type="button"
            class="button button-small item-end"
            onClick={() => onMarkRead(notification.id)}
          >
            {s.markRead}
          </button>
        )}
      </div>
    </li>
  );
}
