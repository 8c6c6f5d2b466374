import type { DatabaseHandle } from '../adapters/database/database-handle';
import type { Deliveries } from '../adapters/database/deliveries';
import {
  keepFromSeq,
  windowKeepFrom,
  type DedupeLimits,
  type DeliveryRetention,
} from '../core/delivery-retention';
import { errorMessage } from '../core/log-text';
import type { Clock, Logger } from '../core/ports';
import type { WebhookIntake } from '../core/webhook-intake';

/**
 * The deliveries kept bounded while the app runs: every `retention.pruneEvery` new deliveries,
 * those before what is still needed (the processed mark, the dedupe window, the event log) are
 * deleted in one commit and the freed pages given back (incremental vacuum).
 */
export function deliveryUpkeep(parts: {
  deliveries: Deliveries;
  database: DatabaseHandle;
  intake: WebhookIntake;
  clock: Clock;
  log: Logger;
  eventLogCount: number;
  dedupe: DedupeLimits;
  retention: DeliveryRetention;
}): (processedThrough: number) => Promise<void> {
  const { deliveries, database, intake } = parts;
  let checkedAt = 0;
  return async (processedThrough) => {
    const newestSeq = intake.journalSeq;
    if (newestSeq - checkedAt < parts.retention.pruneEvery) return;
    checkedAt = newestSeq;
    try {
      const windowFrom = windowKeepFrom(parts.dedupe, parts.clock(), deliveries);
      const keepFrom = keepFromSeq(
        { processedThrough, newestSeq, eventLogCount: parts.eventLogCount },
        windowFrom,
      );
      if ((await deliveries.prune(keepFrom)) > 0) database.reclaimSpace();
    } catch (error) {
      parts.log.warn(
        `database: cannot delete the deliveries past their bounds now: ${errorMessage(error)}`,
      );
    }
  };
}
