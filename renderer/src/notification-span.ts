import { useEffect, useState } from 'preact/hooks';

/** A span of the notification history, epoch ms, `to` excluded. */
export type NotificationSpan = { from: number; to: number };

// The span a click asked for ("window:show") outlives the Notifications view: the view may not be
// shown yet when it arrives, so it is kept here until the view takes it.
let current: NotificationSpan | null = null;
const listeners = new Set<(span: NotificationSpan | null) => void>();

/** Sets the span the Notifications view shows (null: all). */
export function showNotificationSpan(span: NotificationSpan | null): void {
  current = span;
  for (const listener of listeners) listener(span);
}

/** The span the Notifications view shows, and a way to change it. */
export function useNotificationSpan(): [
  NotificationSpan | null,
  (span: NotificationSpan | null) => void,
] {
  const [span, setSpan] = useState(current);
  useEffect(() => {
    listeners.add(setSpan);
    setSpan(current);
    return () => {
      listeners.delete(setSpan);
    };
  }, []);
  return [span, showNotificationSpan];
}
