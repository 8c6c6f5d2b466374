import type { JournalPort } from '../../core/ports';
import type { DatabaseHandle } from './database-handle';
import type { Deliveries } from './deliveries';
import type { EventLogTable } from './event-log-table';

/**
 * The intake's journal: an accepted delivery's `deliveries` row and its event-log row are inserted
 * in one unit of the turn's group commit, so the answer waits for one synced commit and a kill
 * keeps both or neither. The dedupe is the deliveries' unique index, met by the insert itself (no
 * look-up before it: that was a read transaction of its own per webhook).
 */
export function deliveriesJournal(
  database: DatabaseHandle,
  deliveries: Deliveries,
  eventLog: EventLogTable,
): JournalPort {
  return {
    append: (entry, webhook, bodyBytes) =>
      database.commit(() => {
        if (!deliveries.insert(entry, webhook.id, bodyBytes)) return false;
        eventLog.insertAccepted(entry, webhook);
        return true;
      }),
    keptSeq: (webhookId) => deliveries.seqOf(webhookId),
  };
}
