import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HISTORY_LIMITS } from '../../shared/history';
import type { EventLogEntry } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import { HistoryStore } from '../adapters/history-store';
import { JournalFile } from '../adapters/journal-file';
import { readProcessedMark } from '../adapters/processed-mark';
import { eventLogEntry } from '../core/event-log-entry';
import type { DedupeLimits } from '../core/event-id-window';
import type { HistoryLimits } from '../core/history';
import type { JournaledWebhook } from '../core/journal-recovery';
import { compactionDue, JOURNAL_RETENTION, type JournalRetention } from '../core/journal-retention';
import type { Clock, JournalEntry, Logger } from '../core/ports';
import { WebhookIntake } from '../core/webhook-intake';
import { journalUpkeep } from './journal-upkeep';

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

/** The app's files: the journal behind the intake, the history, and the event log over both. */
export interface Storage {
  journal: JournalFile;
  intake: WebhookIntake;
  history: HistoryStore;
  /** Journaled webhooks, oldest first, to rebuild room state from and recover (recovery-step.ts). */
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
  /** The processed mark moved: compacts the journal in the background once it passes its bounds. */
  journalUpkeep(processedThrough: number): void;
  /** Closes the journal and the history; each is closed whatever the other did. */
  close(): Promise<void>;
}

/** Opens the journal and the history in `dataDir`, restores the dedupe window and the event log. */
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
  const { journal, contents } = await JournalFile.open(dataDir);
  for (const warning of contents.warnings) log.warn(warning);
  const small = options.limits;
  const intake = new WebhookIntake(journal, clock, small?.dedupe);
  // The newest accepted deliveries stay in the journal whatever the dedupe window: the event log
  // shows them from there.
  const limits = small?.history ?? HISTORY_LIMITS;
  const restored = intake.restore(contents.entries, limits.events);
  const processedThrough = await readProcessedMark(dataDir, log.warn);
  const history = await HistoryStore.open({
    dir: join(dataDir, 'history'),
    limits,
    // Numbered by the journal's seq here: the merge with the log's own file numbers them afresh.
    journaledEvents: restored.accepted
      .slice(-limits.events)
      .map((accepted) => acceptedLogEntry(accepted, accepted.entry.seq)),
    onWarning: log.warn,
    onTrouble: options.onTrouble,
  });
  // Entries past the processed mark stay too: start-up recovery runs them (recovery-step.ts).
  const kept = new Set(restored.keep);
  const keep = contents.entries.filter(
    (entry) => kept.has(entry) || entry.seq > (processedThrough ?? Infinity),
  );
  const retention = small?.retention ?? JOURNAL_RETENTION;
  if (compactionDue({ entries: contents.entries.length, bytes: 0 }, keep.length, retention)) {
    if (!(await journal.compact(keep)))
      log.warn('journal: cannot compact it now (the disk refused the copy); it stays whole');
  }
  let eventSeq = history.queries.lastEventSeq();
  return {
    journal,
    intake,
    history,
    journaled: restored.replay,
    processedThrough,
    journalUpkeep: journalUpkeep({ journal, intake, eventLogCount: limits.events, retention, log }),
    logAccepted: (accepted, bodyJson) =>
      history.addJournaledEvent(acceptedLogEntry(accepted, ++eventSeq), bodyJson),
    logUnjournaled: (webhook, body, meta, bodyJson) =>
      history.addEvent(eventLogEntry(webhook, body, { seq: ++eventSeq, ...meta }), bodyJson),
    async close() {
      try {
        await journal.close();
      } finally {
        await history.close();
      }
    },
  };
}

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
 * the chaos test (test/headless/chaos.test.ts) shrinks the history, the dedupe window and the
 * journal's compaction thresholds (at start-up and while running) so that it reaches every
 * compaction within seconds.
 */
export interface StorageLimits {
  history: HistoryLimits;
  dedupe: DedupeLimits;
  retention: JournalRetention;
}
