import type { CoreWiring } from './app-context';
import type { Storage } from './storage';
import type { OutboxDispatcher } from './outbox-dispatcher';
import { listFile } from './pipeline';
import type { EventPipeline } from '../core/event-pipeline';
import { planOwed, type OwedPlan } from '../core/outbox';
import { filesSettledBy, missedItems, recoverJournal, type RecoveryPlan } from '../core/recovery';
import { errorMessage } from '../core/log-text';
import type { Logger } from '../core/ports';
import type { WebhookIntake } from '../core/webhook-intake';

/** What recovery is wired to. */
export interface RecoveryWiring extends CoreWiring {
  dataDir: string;
  pipeline: EventPipeline;
  /**
   * The history, the outbox, every journal entry with a webhook (oldest first, test events left
   * out), the mark read at start-up (undefined: none), and the intake: its newest journal seq (0:
   * empty) and the oldest failed write still waiting for its retry.
   */
  storage: Pick<
    Storage,
    'history' | 'outbox' | 'journaled' | 'processedThrough' | 'markProcessed' | 'observeTrouble'
  > & {
    intake: Pick<WebhookIntake, 'journalSeq' | 'oldestUnsureSeq'>;
  };
  /** Delivers the effects an earlier run left owed (started with the sinks). */
  dispatcher: Pick<OutboxDispatcher, 'resume'>;
}

/** Start-up recovery and the processed mark, as the app object holds them. */
export interface JournalRecovery {
  /** Starts the outbox's dispatcher on what is owed and runs what the journal holds past the mark. */
  run(): Promise<void>;
  /** A journal entry was handed to the pipeline (the listener's accepted deliveries). */
  fed(seq: number): void;
  /** A step wrote or decided something (the pipeline's listeners): the mark may move with it. */
  settle(): void;
  /** Writes the final mark (after the policy's flush). */
  stop(): Promise<void>;
}

/**
 * The one home of the promise "an answered webhook's popup is never lost". A 2xx is answered
 * only after its delivery is committed and synced (webhook-intake.ts); what it leads to (the
 * state's facts, its file row, its decisions with their effects: the popup and each push, rows of
 * the outbox written in the decision's own transaction) is committed after, synced; the marks
 * that only prevent a repeat (the processed mark, an effect delivered) are not synced on their
 * own. A kill at any moment therefore repeats an effect at most, never loses one, because start
 * does, once: rebuild the state from the journal up to the processed mark (here, at prepare);
 * start the dispatcher on what the outbox holds (core/outbox.ts: planOwed; a popup too old is
 * recorded as missed); run what the journal holds past the mark whose decisions or files the
 * history lacks through the pipeline (core/recovery.ts: fresh ones pop up as usual, older ones
 * are summed up as missed). Then the mark moves with the steps, in the transaction of each
 * step's last rows (no timer, no synced commit of its own): whenever the pipeline is idle and no
 * history write waits for the disk, every entry handed to it so far was processed to the end; it
 * stays below a failed journal write whose retry may still come (webhook-intake.ts).
 */
export function prepareRecovery(wiring: RecoveryWiring): JournalRecovery {
  const { log, pipeline, storage } = wiring;
  const { history } = storage;
  // No mark: a first start (the journal is empty) or an earlier version that processed what it
  // answered as it went; its entries are not run again.
  const processedThrough = storage.processedThrough ?? storage.intake.journalSeq;
  // A finished file is remembered as long as the Files list keeps it, not only as long as the
  // compacted journal does: a late V1 of a file listed before a restart is not a new file.
  pipeline.rememberFinished(filesSettledBy(history.queries.list('files'), processedThrough));
  pipeline.rebuild(storage.journaled.filter((entry) => entry.seq <= processedThrough));
  const mark = processedMark(wiring, processedThrough);
  return {
    async run() {
      // No mark yet: one now, before anything is answered, so that a crash of this very first
      // run still finds its own deliveries past the mark.
      await mark.first();
      const now = wiring.clock();
      const freshMs = wiring.settings().notifications.recoveredFreshMinutes * 60_000;
      // Read before anything new is decided: what is owed now was owed by an earlier run.
      const owed = planOwed(storage.outbox.load(), { now, freshMs });
      wiring.dispatcher.resume(owed);
      const pending = storage.journaled.filter((entry) => entry.seq > processedThrough);
      const { plan, throughSeq } = await recoverJournal(pipeline, pending, {
        processedThrough,
        now,
        freshMs,
        owedMissed: owed.missed.flatMap(({ entry }) => (entry ? missedItems(entry) : [])),
        language: wiring.language(),
        hasDecision: (key) => history.hasDecision(key),
        hasFile: (key) => history.hasFile(key),
        switchedOff: ({ kind }) => {
          const events: Partial<Record<string, boolean>> = wiring.settings().notifications.events;
          return events[kind] === false;
        },
        // Recovery's "list only" case: listed as the pipeline lists a file.
        listFile: (happening) => listFile(history, happening, wiring.clock()),
      });
      logRecovery(log, plan, owed);
      mark.start(throughSeq); // once what recovery decided is queued: it goes with its last rows
    },
    fed: mark.fed,
    settle: mark.settle,
    stop: mark.stop,
  };
}

/**
 * The processed mark as it moves with the steps: every entry handed on so far was processed to
 * the end when the pipeline is idle and the history has no write waiting for the disk; not past a
 * journal write whose retry may come (its row, if kept, was never handed on: after a kill the
 * next start runs it). It is checked in a microtask of the turn of the step's last write, which
 * runs before that turn's commit: the mark goes in the same transaction as the step's rows.
 */
function processedMark(wiring: RecoveryWiring, processedThrough: number) {
  const { log, pipeline, storage } = wiring;
  let mark = storage.processedThrough ?? -1; // none on disk: the first check writes one
  let fed = processedThrough;
  let running = false;
  let scheduled = false;
  // The mark's unit queued in this turn and not run yet: a later check only raises its target.
  let queued: { target: number } | undefined;
  let last: Promise<unknown> = Promise.resolve();
  const check = (): void => {
    scheduled = false;
    const target = Math.min(fed, (storage.intake.oldestUnsureSeq() ?? Infinity) - 1);
    if (target <= mark || !pipeline.idle() || storage.history.trouble !== undefined) return;
    const previous = mark;
    mark = target;
    if (queued) return void (queued.target = target);
    const unit = (queued = { target });
    const back = () => (mark = Math.min(mark, previous)); // tried again at the next step
    last = storage
      .markProcessed(
        () => ((queued = undefined), unit.target),
        () => storage.history.trouble === undefined, // a write failed meanwhile: not past it
      )
      .then(
        (moved) => moved === undefined && back(),
        (error: unknown) => {
          back();
          log.warn(`processed mark: cannot write it: ${errorMessage(error)}`);
        },
      );
  };
  const settle = (): void => {
    if (!running || scheduled) return;
    scheduled = true;
    queueMicrotask(check);
  };
  storage.observeTrouble((trouble) => trouble === undefined && settle());
  return {
    /** No mark yet: one now, before anything is answered (a crash of a first run finds its own). */
    first: async () => {
      if (mark < 0) check();
      await last;
    },
    start: (throughSeq: number) => {
      fed = Math.max(fed, throughSeq);
      running = true;
      settle();
    },
    fed: (seq: number) => {
      fed = Math.max(fed, seq);
      settle();
    },
    settle,
    async stop() {
      running = false;
      check(); // the pipeline drained and the policy flushed: every step ended
      await last;
    },
  };
}

function logRecovery(log: Logger, plan: RecoveryPlan, owed: OwedPlan): void {
  const { fresh, missed, listOnly } = plan;
  if (owed.show.length + owed.missed.length > 0)
    log.warn(
      `popups owed by the last run: ${owed.show.length} shown now, ` +
        `${owed.missed.length} too old, recorded as missed`,
    );
  if (fresh.length + missed.length + listOnly.length === 0) return;
  log.warn(
    `recovered from the journal: ${fresh.length} happening(s) shown as usual, ` +
      `${missed.length} recorded as missed while the app was not running, ` +
      `${listOnly.length} file(s) listed again`,
  );
}
