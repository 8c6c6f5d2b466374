import type { DatabaseHandle } from '../adapters/database/database-handle';
import type { Deliveries } from '../adapters/database/deliveries';
import type { EventLogTable } from '../adapters/database/event-log-table';
import {
  keepFromSeq,
  windowKeepFrom,
  type DedupeLimits,
  type DeliveryPruning,
} from '../core/delivery-bounds';
import { errorMessage } from '../core/log-text';
import type { Clock, Logger } from '../core/ports';
import type { WebhookIntake } from '../core/webhook-intake';

/** The deliveries and the event log kept bounded (deliveryPruner). */
export interface DeliveryPruner {
  /** Prunes, every so many new deliveries or log rows; nothing before `start`. */
  prune(processedThrough: number): Promise<void>;
  /**
   * Names the deliveries to spare however old (the room state's: EventPipeline.streamDeliveries,
   * known once it is rebuilt) and prunes at once what an import or a long stop left.
   */
  start(spared: () => readonly number[], processedThrough: number): Promise<void>;
}

/**
 * The deliveries and the event log kept bounded while the app runs: every `pruning.pruneEvery`
 * new deliveries or event-log rows (a flood of duplicates grows only the log), the deliveries
 * before what is still needed (the processed mark, the dedupe window, the event log), but those
 * the room state needs, and the log's entries past its count are deleted in one commit and the
 * freed pages given back (incremental vacuum). `now` prunes whatever the counts (at start: what an import or a long stop left).
 */
export function deliveryPruner(parts: {
  deliveries: Deliveries;
  eventLog: EventLogTable;
  database: DatabaseHandle;
  intake: WebhookIntake;
  clock: Clock;
  log: Logger;
  eventLogCount: number;
  dedupe: DedupeLimits;
  pruning: DeliveryPruning;
}): DeliveryPruner {
  const { deliveries, eventLog, database, intake } = parts;
  let spared: (() => readonly number[]) | undefined;
  let checkedAt = 0;
  let loggedAt = 0;
  const pruneDue = async (processedThrough: number, options: { now?: boolean } = {}) => {
    if (spared === undefined) return;
    const newestSeq = intake.journalSeq;
    const logged = eventLog.inserted;
    const every = parts.pruning.pruneEvery;
    if (!options.now && newestSeq - checkedAt < every && logged - loggedAt < every) return;
    checkedAt = newestSeq;
    loggedAt = logged;
    try {
      // The log first: the deliveries it still refers to are kept.
      const eventsGone = await eventLog.prune(parts.eventLogCount);
      const windowFrom = windowKeepFrom(parts.dedupe, parts.clock(), deliveries);
      const keepFrom = keepFromSeq(
        { processedThrough, eventLogFrom: eventLog.oldestDeliverySeq() ?? Infinity },
        windowFrom,
      );
      const deliveriesGone = await deliveries.prune(keepFrom, spared());
      if (deliveriesGone + eventsGone > 0) database.reclaimSpace();
    } catch (error) {
      parts.log.warn(
        `database: cannot delete the deliveries and event-log rows past their bounds now: ${errorMessage(error)}`,
      );
    }
  };
  return {
    prune: (processedThrough) => pruneDue(processedThrough),
    start: (sparedNow, processedThrough) => {
      spared = sparedNow;
      return pruneDue(processedThrough, { now: true });
    },
  };
}
