import type { HistoryQuery, NotificationDecision } from '../../shared/history';

/** Size bounds of the three lists the database keeps by count: files, notifications, event log. */
export interface HistoryLimits {
  files: number;
  notifications: number;
  events: number;
}

/** One page of results, newest first, and how many entries match in all. */
export interface HistoryResult<T> {
  items: T[];
  total: number;
}

/** A query with every field optional; defaults as in shared/history.ts. */
export type HistoryQueryOptions = Partial<HistoryQuery>;

/**
 * The read state a new notification starts with: shown ones, and ones held back only by a pause or
 * quiet hours ("what did I miss"), are unread; muted, disabled, grouped (the summary counts), flapping and
 * start-up baseline ones are not news.
 */
export function initialReadState(decision: NotificationDecision): boolean {
  return !(decision.shown || decision.reason === 'paused' || decision.reason === 'held');
}

/**
 * Whether a decision gets a row in the Notifications list (issue 41): not those of kinds switched
 * off (a third of the rows, which nobody read; the event log holds every delivery), nor each
 * happening grouped into a summary (the summary's one row names them in its items, and stands for
 * their keys). What was held back for a reason a user asks about (muted, quiet hours, filtered,
 * flapping, a quiet room) stays.
 */
export function keptInHistory(decision: NotificationDecision): boolean {
  return decision.shown || (decision.reason !== 'disabled' && decision.reason !== 'grouped');
}
