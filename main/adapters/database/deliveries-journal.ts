import type { KeptDelivery, JournalPort } from '../../core/ports';
import type { RecorderWebhook } from '../../../shared/recorder/webhook';
import type { DatabaseHandle } from './database-handle';
import type { Deliveries } from './deliveries';
import type { EventLogTable } from './event-log-table';

/** A delivery waiting for its turn's unit, with its promise's ends. */
interface Waiting {
  entry: KeptDelivery;
  webhook: RecorderWebhook;
  bodyBytes: Uint8Array | undefined;
  resolve: (kept: boolean) => void;
  reject: (error: unknown) => void;
}

/** A turn's unit of deliveries failed on one of them, not the disk: each goes again alone. */
class OneOfThemFailed extends Error {}

/**
 * The intake's journal: an accepted delivery's `deliveries` row and its event-log row are inserted
 * in one unit of the turn's group commit, so the answer waits for one synced commit and a kill
 * keeps both or neither. The dedupe is the deliveries' unique index, met by the insert itself (no
 * look-up before it: that was a read transaction of its own per webhook). The deliveries of one
 * turn share one unit (a savepoint each cost about a tenth of the turn's database time under
 * load); should one of them throw, the unit is rolled back and each goes again in a unit of its
 * own, so that one bad delivery fails alone, as before.
 */
export function deliveriesJournal(
  database: DatabaseHandle,
  deliveries: Deliveries,
  eventLog: EventLogTable,
): JournalPort {
  const insert = ({ entry, webhook, bodyBytes }: Waiting): boolean => {
    if (!deliveries.insert(entry, webhook.id, bodyBytes)) return false;
    eventLog.insertAccepted(entry, webhook);
    return true;
  };
  const alone = (one: Waiting) => {
    database.commit(() => insert(one)).then(one.resolve, one.reject);
  };
  let open: Waiting[] | undefined;
  const commitTurn = (turn: Waiting[]) => {
    const close = () => {
      if (open === turn) open = undefined;
    };
    database
      .commit((db) => {
        close(); // a delivery from now on goes in the next turn's unit
        try {
          return turn.map(insert);
        } catch (error) {
          // The transaction lost (a full disk may do that): every unit of the turn fails.
          if (!db.inTransaction) throw error;
          throw new OneOfThemFailed(String(error));
        }
      })
      .then(
        (kept) => turn.forEach((one, index) => one.resolve(kept[index]!)),
        (error: unknown) => {
          close();
          if (error instanceof OneOfThemFailed) turn.forEach(alone);
          else turn.forEach((one) => one.reject(error));
        },
      );
  };
  return {
    append: (entry, webhook, bodyBytes) =>
      new Promise<boolean>((resolve, reject) => {
        if (open === undefined) commitTurn((open = []));
        open.push({ entry, webhook, bodyBytes, resolve, reject });
      }),
    keptSeq: (webhookId) => deliveries.seqOf(webhookId),
  };
}
