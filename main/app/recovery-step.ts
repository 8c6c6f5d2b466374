import type { CoreWiring } from './app-core';
import type { HistoryFile } from '../../shared/history';
import type { HistoryStore } from '../adapters/history-store';
import { writeProcessedMark } from '../adapters/processed-mark';
import type { EventPipeline } from '../core/event-pipeline';
import type { Happening } from '../core/happening';
import { recoverJournal, type JournaledWebhook } from '../core/journal-recovery';
import type { RecoveryPlan } from '../core/recovery';
import { errorMessage } from '../core/log-text';
import type { Logger } from '../core/ports';

/**
 * How often the processed mark may move up while the app runs (only when anything new was handed
 * on): it bounds what a crash makes start-up check against the history, which is bounded too.
 */
const MARK_EVERY_MS = 100;

/** What recovery is wired to. */
export interface RecoveryWiring extends CoreWiring {
  dataDir: string;
  pipeline: EventPipeline;
  history: HistoryStore;
  /** Every journal entry with a webhook, oldest first (test events left out). */
  journaled: readonly JournaledWebhook[];
  /** The mark read at start-up (storage.processedThrough); undefined when there was none. */
  processedThrough: number | undefined;
  /** The newest seq in the journal (0 when empty). */
  journalSeq: number;
  /** Lists a finished file as the pipeline's wiring does (recovery's "list only" case). */
  listFile: (happening: Happening) => void;
  /** The mark moved to `seq` (the journal's upkeep compacts what is no longer needed). */
  marked?: (seq: number) => void;
}

/** Start-up recovery and the processed mark, as the app object holds them. */
export interface JournalRecovery {
  /** Runs the happenings past the processed mark (once the sinks are started). */
  run(): Promise<void>;
  /** A journal entry was handed to the pipeline (the listener's accepted deliveries). */
  fed(seq: number): void;
  /** Stops the timer and writes the final mark once the history is out (after the policy's flush). */
  stop(): Promise<void>;
}

/**
 * Start-up recovery. Now: the state is rebuilt from the entries up to the processed
 * mark. At run(): what the journal holds past the mark goes through the pipeline
 * (core/journal-recovery.ts). Then the mark keeps moving: whenever the pipeline is idle and the
 * history's writes are out, every entry handed to it so far was processed to the end.
 */
export function prepareRecovery(wiring: RecoveryWiring): JournalRecovery {
  const { log, history, pipeline } = wiring;
  // No mark: a first start (the journal is empty) or an earlier version that processed what it
  // answered as it went; its entries are not run again.
  const processedThrough = wiring.processedThrough ?? wiring.journalSeq;
  pipeline.replay(wiring.journaled.filter((entry) => entry.seq <= processedThrough));
  let mark = wiring.processedThrough ?? -1; // none on disk: the first check writes one
  let fed = processedThrough;
  let writing: Promise<void> = Promise.resolve();
  // The mark moves only to what was handed on before the check, once the history holds it.
  const advance = (): Promise<void> =>
    (writing = writing.then(async () => {
      if (fed <= mark || !pipeline.idle()) return;
      const target = fed;
      await history.flush();
      if (history.trouble !== undefined) return; // not on disk yet: the journal still has it
      try {
        await writeProcessedMark(wiring.dataDir, target);
        mark = target;
        wiring.marked?.(mark);
      } catch (error) {
        log.warn(`processed mark: cannot write it: ${errorMessage(error)}`);
      }
    }));
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    async run() {
      // No mark yet: one now, before anything is answered, so that a crash of this very first
      // run still finds its own deliveries past the mark.
      if (mark < 0) await advance();
      const pending = wiring.journaled.filter((entry) => entry.seq > processedThrough);
      const result = await recoverJournal(pipeline, pending, {
        processedThrough,
        now: wiring.clock(),
        freshMs: wiring.settings().notifications.recoveredFreshMinutes * 60_000,
        language: wiring.language(),
        hasDecision: (key) => history.hasDecision(key),
        hasFile: (key) => history.hasFile(key),
        listFile: wiring.listFile,
      });
      logRecovery(log, result.plan);
      fed = Math.max(fed, result.throughSeq);
      timer = setInterval(() => void advance(), MARK_EVERY_MS);
      timer.unref?.();
    },
    fed: (seq) => {
      fed = Math.max(fed, seq);
    },
    async stop() {
      clearInterval(timer);
      await advance();
    },
  };
}

function logRecovery(log: Logger, plan: RecoveryPlan): void {
  const { fresh, missed, listOnly } = plan;
  if (fresh.length + missed.length + listOnly.length === 0) return;
  log.warn(
    `recovered from the journal: ${fresh.length} happening(s) shown as usual, ` +
      `${missed.length} recorded as missed while the app was not running, ` +
      `${listOnly.length} file(s) listed again`,
  );
}

/** Lists a finished file with its key; the same entry as the pipeline's wiring builds. */
export function keyedFile(happening: Happening, finishedAt: number): HistoryFile | undefined {
  if (happening.kind !== 'FileClosed' || !happening.file) return undefined;
  const entry: HistoryFile = { ...happening.file, finishedAt };
  const resolvedPath = happening.fileCheck?.resolvedPath;
  if (resolvedPath) entry.resolvedPath = resolvedPath;
  if (happening.key) entry.key = happening.key;
  return entry;
}
