import * as z from 'zod';
import { GoLiveFilterMatch } from './go-live-filter';
import { AppNotification, FileRecord } from './model';
import { PushRecord } from './push';
import { RemovalHow, CleanUpFile } from './clean-up';

/** How many entries each history list keeps; the oldest are dropped beyond these. */
export const HISTORY_LIMITS = { files: 1000, notifications: 1000, events: 5000 } as const;

/** A finished recording as the history keeps it. */
export const HistoryFile = FileRecord.extend({
  /** The checked local path; absent when no recording root is set or the path was refused. */
  resolvedPath: z.string().optional(),
  /** Epoch ms when the app learned the file was finished (the recorder's times are in `closedAt`). */
  finishedAt: z.number(),
  /** The happening's key (journal seq and kind): a recovery run never lists the file twice. */
  key: z.string().optional(),
});
/** A finished file in the history. */
export type HistoryFile = z.infer<typeof HistoryFile>;

/** Why a notification was not shown. */
export const SuppressionReason = z.enum([
  'paused',
  'muted',
  'disabled',
  'grouped',
  'flapping',
  'baseline',
  /** Recovered from the journal at start-up, too old to pop up: it happened while the app was not running. */
  'missed',
  /** Inside quiet hours: held for the digest at their end (main/core/quiet-hours.ts). */
  'held',
  /** The room's tier is quiet: kept in the history only. */
  'quietRoom',
  /** A go-live the go-live filters stopped (title words or area); `filter` says which. */
  'filtered',
  /** A command taken from a phone (issue 43): kept in the history, never popped up or pushed. */
  'phoneCommand',
]);
/** A suppression reason. */
export type SuppressionReason = z.infer<typeof SuppressionReason>;

/** What the policy decided for one notification. */
export const NotificationDecision = z.discriminatedUnion('shown', [
  z.object({ shown: z.literal(true) }),
  z.object({
    shown: z.literal(false),
    reason: SuppressionReason,
    /** The summary notification this one was grouped into. */
    summaryId: z.string().optional(),
    /** `filtered`: the list and the word or area that stopped it. */
    filter: GoLiveFilterMatch.optional(),
  }),
]);
/** A notification decision. */
export type NotificationDecision = z.infer<typeof NotificationDecision>;

/** A notification in the history with its decision and read state. */
export const HistoryNotification = z.object({
  notification: AppNotification,
  decision: NotificationDecision,
  read: z.boolean(),
  /** What each push target made of it (shared/push.ts), once settled. */
  push: z.array(PushRecord).optional(),
});
/** A notification history entry. */
export type HistoryNotification = z.infer<typeof HistoryNotification>;

/** A recording the clean-up removed (or failed to remove: `error`, and the file stays). */
export const HistoryRemoval = CleanUpFile.extend({
  id: z.string(),
  /** Epoch ms of the removal. */
  at: z.number(),
  /** The rule's index in `cleanUp.rules`. */
  rule: z.number().int().nonnegative(),
  then: RemovalHow,
  /** `move`: where the file went. */
  movedTo: z.string().optional(),
  /** Why it could not be removed, in the system's words; the file stays. */
  error: z.string().optional(),
});
/** A clean-up removal in the history. */
export type HistoryRemoval = z.infer<typeof HistoryRemoval>;

/** A query of one history list: newest first, paged, optionally by room and text. */
export const HistoryQuery = z.object({
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
  roomId: z.number().int().nonnegative().optional(),
  /** Case-insensitive; whitespace-separated words must all occur. */
  text: z.string().max(200).optional(),
  /** Notifications only: just the unread ones. */
  unreadOnly: z.boolean().optional(),
  /**
   * Files only: recorded (by the file's own close time, shared/file-times.ts) at or after this
   * epoch ms, and before `recordedBefore`: the window's day chips, in its own time zone.
   */
  recordedFrom: z.number().optional(),
  recordedBefore: z.number().optional(),
  /** Notifications only: decided at or after this epoch ms and before `createdBefore` (a digest's span). */
  createdFrom: z.number().optional(),
  createdBefore: z.number().optional(),
});
/** A parsed history query (defaults applied). */
export type HistoryQuery = z.infer<typeof HistoryQuery>;
/** A history query as sent (any field may be left out). */
export type HistoryQueryInput = z.input<typeof HistoryQuery>;

/** One page of a history list and how many entries match in all. */
export function historyPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}
