import type { EventLogEntry } from '../../shared/model';

/** One entry of the event log as rebuilt at start-up, and whether the journal is what keeps it. */
export interface RebuiltEvent {
  entry: EventLogEntry;
  journaled: boolean;
}

/** The event log as it stood when the app stopped, and what its own file held that it need not. */
export interface RebuiltEventLog {
  /** The newest `limit` entries, oldest first, numbered 1, 2, … in that order. */
  events: RebuiltEvent[];
  /**
   * File entries dropped because the journal holds the same delivery: earlier builds wrote every
   * accepted delivery to the event log's file as well. The file is rewritten without them.
   */
  droppedFromFile: number;
}

/**
 * Rebuilds the event log from its two stores: the accepted deliveries, which the journal already
 * holds (writing them a second time cost a tenth of the listener's time per webhook), and the
 * rest (duplicates, replays, and accepted deliveries older than the journal), which the event
 * log's own file holds. Both lists are in arrival order. A file entry goes where the journal seq
 * it noted when it came says (exact, whatever the clock did); one without it, or with a seq the
 * journal does not span (written before the journal was compacted past it, or deleted), goes by
 * receipt time. `journaled` entries carry their journal seq as `seq`; all are numbered afresh.
 */
export function rebuildEventLog(
  journaled: readonly EventLogEntry[],
  logged: readonly EventLogEntry[],
  limit: number,
): RebuiltEventLog {
  const inJournal = new Set<string>();
  for (const entry of journaled) inJournal.add(entry.eventId);
  const fileOnly = logged.filter(
    (entry) => !isAcceptedDelivery(entry) || !inJournal.has(entry.eventId),
  );
  const span = { first: journaled[0]?.seq ?? 0, last: journaled.at(-1)?.seq ?? 0 };
  const merged: RebuiltEvent[] = [];
  let j = 0;
  let f = 0;
  while (j < journaled.length || f < fileOnly.length) {
    const fromJournal =
      f >= fileOnly.length ||
      (j < journaled.length && comesFirst(journaled[j]!, fileOnly[f]!, span));
    merged.push(
      fromJournal
        ? { entry: journaled[j++]!, journaled: true }
        : { entry: fileOnly[f++]!, journaled: false },
    );
  }
  const events = merged.slice(Math.max(0, merged.length - Math.max(0, limit)));
  events.forEach((event, index) => {
    event.entry = { ...event.entry, seq: index + 1 };
  });
  return { events, droppedFromFile: logged.length - fileOnly.length };
}

/** Whether a journaled entry came before a file entry. */
function comesFirst(
  journaled: EventLogEntry,
  logged: EventLogEntry,
  span: { first: number; last: number },
): boolean {
  const place = logged.journalSeq;
  if (place !== undefined && place >= span.first - 1 && place <= span.last)
    return journaled.seq <= place;
  // By time; in the same millisecond the journal's first (a duplicate follows what it repeats).
  return journaled.receivedAt <= logged.receivedAt;
}

/** Whether an entry records a delivery the intake accepted (and therefore journaled). */
function isAcceptedDelivery(entry: EventLogEntry): boolean {
  return !entry.duplicate && (entry.source === 'webhook' || entry.source === 'test');
}
