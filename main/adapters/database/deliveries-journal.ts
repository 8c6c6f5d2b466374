import type { JournalPort } from '../../core/ports';
import type { DatabaseHandle } from './database-handle';
import type { Deliveries } from './deliveries';
import type { EventLogTable } from './event-log-table';

/**
 * The intake's journal: an accepted delivery's `deliveries` row and its event-log row are inserted
 * in one unit of the turn's group commit, so the answer waits for one synced commit and a kill
 * keeps both or neither. The dedupe is the deliveries' unique index.
 */
export function deliveriesJournal(
  database: DatabaseHandle,
  deliveries: Deliveries,
  eventLog: EventLogTable,
): JournalPort {
  return {
    has: (webhookId) => deliveries.has(webhookId),
    append: (entry, webhook, bodyBytes) =>
      database.commit(() => {
        deliveries.insert(entry, webhook.id, bodyBytes);
        eventLog.insertAccepted(entry, webhook);
      }),
  };
}
