import { mkdir } from 'node:fs/promises';
import { HISTORY_LIMITS } from '../../shared/history';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import { APP_MIGRATIONS } from '../adapters/database/app-migrations';
import { DatabaseHandle } from '../adapters/database/database-handle';
import type { SyncFile } from '../adapters/database/wal-file';
import { Deliveries } from '../adapters/database/deliveries';
import { deliveriesJournal } from '../adapters/database/deliveries-journal';
import { EventLogTable, type UnjournaledMeta } from '../adapters/database/event-log-table';
import { HistoryTables } from '../adapters/database/history-tables';
import { OutboxTable } from '../adapters/database/outbox-table';
import { LEGACY_EVENT_LOG } from '../adapters/database/legacy-event-log-import';
import { LEGACY_HISTORY } from '../adapters/database/legacy-history-import';
import { importLegacy, LEGACY_JOURNAL } from '../adapters/database/legacy-import';
import { LEGACY_OUTBOX } from '../features/push/adapters/legacy-outbox-import';
import { LEGACY_REMOVALS } from '../features/clean-up/adapters/legacy-removals-import';
import {
  DEDUPE_WINDOW,
  DELIVERY_PRUNING,
  type DedupeLimits,
  type DeliveryPruning,
} from '../core/delivery-bounds';
import type { HistoryLimits } from '../core/history';
import { errorMessage } from '../core/log-text';
import type { Clock, Logger, ReplayedDelivery } from '../core/ports';
import { WebhookIntake } from '../core/webhook-intake';
import { deliveryPruner } from './delivery-pruning';

/** The app's storage: the database with the deliveries journal behind the intake, the history and the event log. */
export interface Storage {
  database: DatabaseHandle;
  deliveries: Deliveries;
  intake: WebhookIntake;
  /** The Files list and the notifications, in the database. */
  history: HistoryTables;
  /** The effects (popups, pushes) decisions owe, written with them (outbox-dispatcher.ts). */
  outbox: OutboxTable;
  /** The event log (the window's "Webhook log"): every delivery as received, in the database. */
  eventLog: EventLogTable;
  /** Journaled webhooks, oldest first, to rebuild room state from and recover (recovery.ts). */
  journaled: readonly ReplayedDelivery[];
  /** The journal seq up to which everything was processed to the end; undefined: no mark yet. */
  processedThrough: number | undefined;
  /**
   * Notes a duplicate or a replay in the event log, with its body (an accepted delivery's row is
   * written with it, by the intake's journal); a failed write is told in the log, never thrown.
   */
  logUnjournaled(
    webhook: RecorderWebhook,
    body: unknown,
    meta: UnjournaledMeta,
    bodyJson?: string,
  ): void;
  /**
   * Moves the processed mark to `throughSeq` (a function: read when the unit runs) in this turn's
   * transaction, unless `still()` then says no; resolves with the seq it moved to (undefined: not
   * moved) once committed and, every so many deliveries, deletes those past their bounds
   * (core/delivery-bounds.ts) and the event log's oldest, and gives the space back.
   */
  markProcessed(
    throughSeq: number | (() => number),
    still?: () => boolean,
  ): Promise<number | undefined>;
  /** Calls `observer` whenever the database's or the history's trouble changes. */
  observeTrouble(observer: (trouble: string | undefined) => void): void;
  /**
   * Starts keeping the deliveries bounded, sparing those `spared` names however old (the room
   * state's: EventPipeline.streamDeliveries, known once it is rebuilt), and deletes at once what an
   * import or a long stop left past the bounds. Nothing is pruned before.
   */
  startPruning(spared: () => readonly number[]): Promise<void>;
  /** Why writing fails now (the database, the history's writes); undefined: it does not. */
  trouble(): string | undefined;
  /** Closes the history's writer, then the database, whatever the first did. */
  close(): Promise<void>;
}

/**
 * Opens the database (the journal, the history, the event log) in `dataDir` (importing a data folder of the format before
 * the database at its first start) and restores the intake's seq. Throws
 * DatabaseInUse when another copy of the app holds the database.
 */
export async function openStorage(
  dataDir: string,
  clock: Clock,
  log: Logger,
  options: {
    onTrouble?: (trouble: string | undefined) => void;
    /** For testing: smaller bounds than the app's (StorageLimits). */
    limits?: StorageLimits;
    /** For testing: how the database's WAL is synced (a disk whose sync fails). */
    fdatasync?: SyncFile;
  } = {},
): Promise<Storage> {
  await mkdir(dataDir, { recursive: true });
  const database = openDatabaseIn(dataDir, clock, log, options.fdatasync);
  const trouble = troubleFanOut(database, options.onTrouble);
  const deliveries = new Deliveries(database);
  const eventLog = new EventLogTable(database);
  const contents = deliveries.read();
  for (const warning of contents.warnings) log.warn(warning);
  const processedThrough = deliveries.processedThrough();
  const intake = new WebhookIntake(deliveriesJournal(database, deliveries, eventLog), clock);
  const limits = options.limits?.history ?? HISTORY_LIMITS;
  const restored = intake.restore(
    contents.entries,
    Math.max(deliveries.newestSeq(), processedThrough ?? 0),
  );
  const outbox = new OutboxTable(database, log.warn);
  const history = new HistoryTables(database, {
    limits,
    outbox,
    warn: log.warn,
    onTrouble: trouble.tell,
  });
  const pruner = deliveryPruner({
    deliveries,
    eventLog,
    database,
    intake,
    clock,
    log,
    eventLogCount: limits.events,
    dedupe: options.limits?.dedupe ?? DEDUPE_WINDOW,
    pruning: options.limits?.pruning ?? DELIVERY_PRUNING,
  });
  let processed = processedThrough ?? intake.journalSeq;
  return {
    database,
    deliveries,
    intake,
    history,
    outbox,
    eventLog,
    journaled: restored.replay,
    processedThrough,
    markProcessed: (through, still) =>
      markThenPrune(deliveries, through, still, (seq) =>
        pruner.prune((processed = Math.max(processed, seq))),
      ),
    observeTrouble: trouble.observe,
    startPruning: (spared) => pruner.start(spared, processed),
    trouble: () => database.trouble ?? history.trouble,
    logUnjournaled(webhook, body, meta, bodyJson) {
      eventLog.append(webhook, body, meta, bodyJson).then(
        () => pruner.prune(processed),
        (error: unknown) =>
          log.warn(
            `database: cannot note a ${meta.source} delivery in the event log: ${errorMessage(error)}`,
          ),
      );
    },
    async close() {
      try {
        await history.close();
      } finally {
        database.close();
      }
    },
  };
}

/** Moves the processed mark (deliveries.ts), then prunes up to it; resolves with where it moved. */
async function markThenPrune(
  deliveries: Deliveries,
  through: number | (() => number),
  still: (() => boolean) | undefined,
  moved: (seq: number) => Promise<void>,
): Promise<number | undefined> {
  let seq = 0;
  const read = () => (seq = typeof through === 'number' ? through : through());
  if (!(await deliveries.markProcessed(read, still))) return undefined;
  await moved(seq);
  return seq;
}

/** Who hears of the storage's trouble (the database's, the history's): the host, then observers. */
function troubleFanOut(
  database: DatabaseHandle,
  host: ((trouble: string | undefined) => void) | undefined,
) {
  const observers: ((trouble: string | undefined) => void)[] = [host ?? (() => undefined)];
  const tell = (trouble: string | undefined) => {
    for (const observer of observers) observer(trouble);
  };
  database.on('trouble', tell);
  return {
    tell,
    observe: (observer: (trouble: string | undefined) => void) => void observers.push(observer),
  };
}

/**
 * The database in `dataDir`, with what its opening found told in the log (a damaged file
 * replaced, a folder that cannot be written) and a data folder of the format before imported.
 */
function openDatabaseIn(
  dataDir: string,
  clock: Clock,
  log: Logger,
  fdatasync: SyncFile | undefined,
): DatabaseHandle {
  const database = DatabaseHandle.open(dataDir, {
    migrations: APP_MIGRATIONS,
    now: clock,
    ...(fdatasync ? { fdatasync } : {}),
  });
  if (database.replaced)
    log.warn(
      `database: the file was damaged (${database.replaced.reason}); it was moved to ` +
        `${database.replaced.movedTo} and a new one started`,
    );
  if (database.trouble !== undefined) log.warn(`database: ${database.trouble}`);
  database.on('inline', (why) =>
    log.warn(`database: syncing on the main thread from now on (the checkpoint worker: ${why})`),
  );
  const legacy = importLegacy(dataDir, database, clock(), LEGACY_PARTS);
  for (const warning of legacy.warnings) log.warn(warning);
  if (legacy.movedTo !== undefined)
    log.info(`imported ${legacy.imported} rows; the old files are in ${legacy.movedTo}`);
  return database;
}

/**
 * The parts of a data folder from before the database, imported at the first start (the journal
 * first: the event log's accepted deliveries are its rows).
 */
const LEGACY_PARTS = [
  LEGACY_JOURNAL,
  LEGACY_HISTORY,
  LEGACY_EVENT_LOG,
  LEGACY_OUTBOX,
  LEGACY_REMOVALS,
];

/**
 * Smaller bounds than the app's, for tests only (TestSeams.limits, given as the clock is):
 * the chaos test (test/headless/chaos.test.ts) shrinks the history and the event log
 * (`history.events`), the dedupe window and how often the deliveries are pruned so that it reaches every pruning within seconds.
 */
export interface StorageLimits {
  history: HistoryLimits;
  dedupe: DedupeLimits;
  pruning: DeliveryPruning;
}
