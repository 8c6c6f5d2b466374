import type { HistoryNotification } from '../../shared/history';
import type { Language } from '../../shared/settings';

/** A piece of the notifications list: a day heading, a row, or a folded run of rows not shown. */
export type NotificationRun =
  | { kind: 'day'; key: string; day: 'today' | 'yesterday' | string }
  | { kind: 'row'; entry: HistoryNotification }
  | { kind: 'folded'; key: string; entries: HistoryNotification[] };

function dayKey(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

// Not shown because switched off, muted, paused, flapping or at start-up: noise unless asked for.
// Held by quiet hours is news still (their digest points at them): listed, not folded.
function isQuiet(entry: HistoryNotification): boolean {
  return (
    !entry.decision.shown && entry.decision.reason !== 'grouped' && entry.decision.reason !== 'held'
  );
}

/**
 * A page of notifications laid out: a heading at each new day (today, yesterday, the date),
 * entries grouped into a summary on the same page left out (the summary shows them once), and
 * two or more quiet entries in a row folded behind "N more not shown".
 */
export function notificationRuns(
  items: readonly HistoryNotification[],
  language: Language,
  now: number,
): NotificationRun[] {
  const ids = new Set(items.map((entry) => entry.notification.id));
  const today = dayKey(now);
  const yesterday = dayKey(now - 24 * 3600 * 1000);
  const format = new Intl.DateTimeFormat(language, {
    month: 'long',
    day: 'numeric',
    weekday: 'short',
  });
  const runs: NotificationRun[] = [];
  let day = '';
  let quiet: HistoryNotification[] = [];
  const flush = () => {
    if (quiet.length === 1) runs.push({ kind: 'row', entry: quiet[0] as HistoryNotification });
    else if (quiet.length > 1)
      runs.push({ kind: 'folded', key: `fold-${quiet[0]?.notification.id}`, entries: quiet });
    quiet = [];
  };
  for (const entry of items) {
    const { decision, notification } = entry;
    if (
      !decision.shown &&
      decision.reason === 'grouped' &&
      decision.summaryId &&
      ids.has(decision.summaryId)
    )
      continue;
    const key = dayKey(notification.createdAt);
    if (key !== day) {
      flush();
      day = key;
      runs.push({
        kind: 'day',
        key: `day-${key}`,
        day:
          key === today
            ? 'today'
            : key === yesterday
              ? 'yesterday'
              : format.format(notification.createdAt),
      });
    }
    if (isQuiet(entry)) quiet.push(entry);
    else {
      flush();
      runs.push({ kind: 'row', entry });
    }
  }
  flush();
  return runs;
}
