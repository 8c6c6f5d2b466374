import type { NotificationItem } from '../../shared/model';
import type { Language } from '../../shared/settings';
import type { EventPipeline } from './event-pipeline';
import type { ReplayedDelivery } from './ports';
import type { Happening } from './happening';
import {
  missedSummary,
  planRecovery,
  type RecoveredHappening,
  type RecoveryPlan,
} from './recovery';

/** What recovery needs besides the pipeline. */
export interface JournalRecoveryOptions {
  /** Every journal entry up to this seq was processed to the end by an earlier run. */
  processedThrough: number;
  now: number;
  /** How old (ms since receipt) a recovered happening may be and still pop up. */
  freshMs: number;
  language: Language;
  hasDecision(key: string): boolean;
  hasFile(key: string): boolean;
  /** Its kind is switched off (core/recovery.ts: RecoveryFacts.switchedOff). */
  switchedOff?(happening: Happening): boolean;
  /** Lists a finished file whose decision is recorded but whose listing was lost (no popup). */
  listFile(happening: Happening): void;
  /** Popups owed too long (core/recovery.ts: planOwedPopups): counted in the summary too. */
  owedMissed?: readonly NotificationItem[];
}

/** What recovery did, for the log and the processed mark. */
export interface JournalRecoveryResult {
  plan: RecoveryPlan;
  /** The newest journal seq replayed: once the history holds the outcome, the new mark. */
  throughSeq: number;
  /** Whether the summary of missed happenings was shown. */
  summarized: boolean;
}

/**
 * Start-up, once the state is rebuilt from the entries up to the processed mark (app/recovery.ts
 * does that, once: those entries are skipped here): runs the happenings of the entries after the
 * mark that the history lacks through the same pipeline with their original receipt times (fresh
 * ones pop up as usual, older ones are recorded as missed), and records one summary popup for the
 * missed ones. Resolves once each has reached
 * the policy (a fresh burst may still be held for its summary; stop() flushes it).
 */
export async function recoverJournal(
  pipeline: EventPipeline,
  journaled: readonly ReplayedDelivery[],
  options: JournalRecoveryOptions,
): Promise<JournalRecoveryResult> {
  const found: RecoveredHappening[] = [];
  let throughSeq = options.processedThrough;
  for (const { webhook, receivedAt, seq, recorderId } of journaled) {
    throughSeq = Math.max(throughSeq, seq);
    if (seq <= options.processedThrough) continue;
    for (const happening of pipeline.derive(webhook, 'webhook', receivedAt, recorderId, seq))
      found.push({ happening, journalSeq: seq, receivedAt });
  }
  const plan = planRecovery(found, options);
  for (const happening of plan.listOnly) options.listFile(happening);
  // In journal order, fresh and missed alike: offered to the pipeline as a webhook that just arrived is.
  const offered = new Set<Happening>([...plan.fresh, ...plan.missed]);
  for (const { happening } of found) if (offered.has(happening)) pipeline.offer(happening);
  await pipeline.drain();
  const summary = missedSummary(
    plan.missed,
    { language: options.language, now: options.now, throughSeq },
    options.owedMissed,
  );
  const summarized = summary !== undefined && !options.hasDecision(summary.key!);
  if (summary && summarized) pipeline.record({ notification: summary, decision: { shown: true } });
  return { plan, throughSeq, summarized };
}
