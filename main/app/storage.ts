import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HISTORY_LIMITS } from '../../shared/history';
import type { EventLogEntry } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import { APP_MIGRATIONS } from '../adapters/database/app-migrations';
import { DatabaseHandle } from '../adapters/database/database-handle';
import { Deliveries } from '../adapters/database/deliveries';
import { HistoryTables } from '../adapters/database/history-tables';
import { LEGACY_HISTORY } from '../adapters/database/legacy-history-import';
import { importLegacy, LEGACY_JOURNAL } from '../adapters/database/legacy-import';
import { HistoryStore } from '../adapters/history-store';
import {
  DEDUPE_WINDOW,
  DELIVERY_RETENTION,
  type DedupeLimits,
  type DeliveryRetention,
} from '../core/delivery-retention';
import { eventLogEntry } from '../core/event-log-entry';
import type { HistoryLimits } from '../core/history';
import type { JournaledWebhook } from '../core/journal-recovery';
import type { Clock, JournalEntry, Logger } from '../core/ports';
import { WebhookIntake } from '../core/webhook-intake';
import { deliveryUpkeep } from './delivery-upkeep';

/** A webhook the intake accepted (journaled), as the listener hands it on or the journal restores it. */
export interface AcceptedWebhook {
  entry: JournalEntry;
  webhook: RecorderWebhook;
}

/** What an event-log entry that the journal does not hold carries (duplicates, replays). */
export type UnjournaledMeta = Pick<
  EventLogEntry,
  'source' | 'duplicate' | 'userAgent' | 'receivedAt' | 'journalSeq'
>;

/** The app's storage: the database (the deliveries journal behind the intake, the history), the event log. */
export interface Storage {
  database: DatabaseHandle;
  deliveries: Deliveries;
  intake: WebhookIntake;
  /** The Files list and the notifications, in the database. */
  history: HistoryTables;
  /** The event log ("Webhook log"), still its own file (`history/events.jsonl`). */
  eventLog: HistoryStore;
  /** Journaled webhooks, oldest first, to rebuild room state from and recover (recovery.ts). */
  journaled: readonly JournaledWebhook[];
  /** The journal seq up to which everything was processed to the end; undefined: no mark yet. */
  processedThrough: number | undefined;
  /** Notes an accepted delivery in the event log (held in memory: the journal keeps it). */
  logAccepted(accepted: AcceptedWebhook, bodyJson: string): void;
  /** Notes a duplicate or a replay in the event log's own file, with its place in the journal. */
  logUnjournaled(
    webhook: RecorderWebhook,
    body: unknown,
    meta: UnjournaledMeta,
    bodyJson?: string,
  ): void;
  /**
   * Moves the processed mark (committed in the database) and, every so many deliveries, deletes
   * those past their bounds (core/delivery-retention.ts) and gives the space back.
   */
  markProcessed(processedThrough: number): Promise<void>;
  /** Why writing fails now (the database, the history, the event log's file); undefined: none. */
  trouble(): string | undefined;
  /** Closes the history, the database and the event log; each whatever the others did. */
  close(): Promise<void>;
}

/**
 * Opens the database (with the history) and the event log in `dataDir` (importing a data folder of the format before
 * the database at its first start), restores the intake's seq and the event log. Throws
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
  } = {},
): Promise<Storage> {
  await mkdir(dataDir, { recursive: true });
  const database = openDatabaseIn(dataDir, clock, log);
  database.observeTrouble((trouble) => options.onTrouble?.(trouble));
  const deliveries = new Deliveries(database);
  const contents = deliveries.read();
  for (const warning of contents.warnings) log.warn(warning);
  const processedThrough = deliveries.processedThrough();
  const small = options.limits;
  const intake = new WebhookIntake(deliveries, clock);
  const limits = small?.history ?? HISTORY_LIMITS;
  const restored = intake.restore(
    contents.entries,
    Math.max(deliveries.newestSeq(), processedThrough ?? 0),
  );
  const history = new HistoryTables(database, {
    limits,
    warn: log.warn,
    onTrouble: options.onTrouble,
  });
  const eventLog = await HistoryStore.open({
    dir: join(dataDir, 'history'),
    limits,
    // Numbered by the journal's seq here: the merge with the log's own file numbers them afresh.
    journaledEvents: restored.accepted
      .slice(-limits.events)
      .map((accepted) => acceptedLogEntry(accepted, accepted.entry.seq)),
    onWarning: log.warn,
    onTrouble: options.onTrouble,
  });
  const upkeep = deliveryUpkeep({
    deliveries,
    database,
    intake,
    clock,
    log,
    eventLogCount: limits.events,
    dedupe: small?.dedupe ?? DEDUPE_WINDOW,
    retention: small?.retention ?? DELIVERY_RETENTION,
  });
  // What an import or a long stop left past its bounds goes now.
  await upkeep(processedThrough ?? intake.journalSeq);
  let eventSeq = eventLog.queries.lastEventSeq();
  return {
    database,
    deliveries,
    intake,
    history,
    eventLog,
    journaled: restored.replay,
    processedThrough,
    async markProcessed(seq) {
      await deliveries.markProcessed(seq);
      await upkeep(seq);
    },
    trouble: () => database.trouble ?? history.trouble ?? eventLog.trouble,
    logAccepted: (accepted, bodyJson) =>
      eventLog.addJournaledEvent(acceptedLogEntry(accepted, ++eventSeq), bodyJson),
    logUnjournaled: (webhook, body, meta, bodyJson) =>
      eventLog.addEvent(eventLogEntry(webhook, body, { seq: ++eventSeq, ...meta }), bodyJson),
    close: () => closeStorage(history, database, eventLog),
  };
}

/** Closes the history's writer, the database and the event log, each whatever the others did. */
async function closeStorage(
  history: HistoryTables,
  database: DatabaseHandle,
  eventLog: HistoryStore,
): Promise<void> {
  try {
    await history.close();
  } finally {
    try {
      database.close();
    } finally {
      await eventLog.close();
    }
  }
}

/**
 * The database in `dataDir`, with what its opening found told in the log (a damaged file
 * replaced, a folder that cannot be written) and a data folder of the format before imported.
 */
function openDatabaseIn(dataDir: string, clock: Clock, log: Logger): DatabaseHandle {
  const database = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS, now: clock });
  if (database.replaced)
    log.warn(
      `database: the file was damaged (${database.replaced.reason}); it was moved to ` +
        `${database.replaced.movedTo} and a new one started`,
    );
  if (database.trouble !== undefined) log.warn(`database: ${database.trouble}`);
  const legacy = importLegacy(dataDir, database, clock(), LEGACY_PARTS);
  for (const warning of legacy.warnings) log.warn(warning);
  if (legacy.movedTo !== undefined)
    log.info(`imported ${legacy.imported} rows; the old files are in ${legacy.movedTo}`);
  return database;
}

/** The parts of a data folder from before the database, imported at the first start (journal first). */
const LEGACY_PARTS = [LEGACY_JOURNAL, LEGACY_HISTORY];

/** The event log's entry of an accepted delivery, with the receipt time the journal holds. */
function acceptedLogEntry({ entry, webhook }: AcceptedWebhook, seq: number): EventLogEntry {
  return eventLogEntry(webhook, entry.body, {
    seq,
    receivedAt: entry.receivedAt,
    source: entry.source,
    duplicate: false,
    userAgent: entry.userAgent,
  });
}

/**
 * Smaller bounds than the app's, for tests only (passed through AppPorts.limits as the clock is):
 * the chaos test (test/headless/chaos.test.ts) shrinks the history, the dedupe window and how
 * often the deliveries are pruned so that it reaches every pruning within seconds.
 */
export interface StorageLimits {
  history: HistoryLimits;
  dedupe: DedupeLimits;
  retention: DeliveryRetention;
}
