import { NOTIFICATION_TEXT } from '../../shared/i18n/notification-text';
import type { HistoryNotification } from '../../shared/history';
import type { AppNotification, NotificationItem } from '../../shared/model';
import type { Language } from '../../shared/settings';
import { happeningKey, type EventPipeline } from './event-pipeline';
import type { Happening } from './happening';
import type { ReplayedDelivery } from './ports';

// The core part of start-up recovery (main/app/recovery.ts owns the promise and runs it): the
// journaled deliveries whose processing a crash, a kill or a power cut cut short. The journal holds every answered delivery; the processed mark says up to
// which journal seq everything was processed to the end (state, files list, notification
// history). Entries after the mark are run again through the state; each happening they reveal
// is keyed by its journal seq and kind, and only those whose decision the history lacks go on.

/**
 * The listed files that recovery will not run again: those listed by a journal entry at or
 * before the processed mark (or by none, as older versions listed them). A file listed after the
 * mark is left out: its entry runs again, and its popup may still be owed.
 */
export function filesSettledBy<T extends { key?: string | undefined }>(
  files: readonly T[],
  processedThrough: number,
): T[] {
  return files.filter((file) => {
    const seq = /^j(\d+):/.exec(file.key ?? '')?.[1];
    return seq === undefined || Number(seq) <= processedThrough;
  });
}

/** A happening revealed again by a journal entry after the processed mark. */
export interface RecoveredHappening {
  happening: Happening;
  journalSeq: number;
  /** When the listener accepted the delivery (the journal's receipt time). */
  receivedAt: number;
}

/** What start-up does with the happenings found after the processed mark. */
export interface RecoveryPlan {
  /** Recent enough: offered to the policy as if they had just arrived (they pop up as usual). */
  fresh: Happening[];
  /** Older: recorded as missed while the app was not running (marked `missed`, never popped up). */
  missed: Happening[];
  /** Finished files whose decision is recorded but whose file is not listed: listed only. */
  listOnly: Happening[];
  /** How many were processed to the end already (recorded decision and file). */
  done: number;
}

/** What the plan needs to know: the time, the freshness bound, and what the history holds. */
export interface RecoveryFacts {
  now: number;
  /** How old (ms since receipt) a happening may be and still pop up. */
  freshMs: number;
  hasDecision(key: string): boolean;
  hasFile(key: string): boolean;
  /**
   * Its kind is switched off: it has no row (core/history.ts: keptInHistory), so it is never
   * counted as missed; it goes through the policy again (its file listed), which records nothing.
   */
  switchedOff?(happening: Happening): boolean;
}

/**
 * Sorts recovered happenings: each gets its key; those fully recorded are left alone, a file
 * listed but not decided on is decided on, a decision without its file only lists the file. A
 * receipt time ahead of the clock (the clock was set back) counts as fresh.
 */
export function planRecovery(
  found: readonly RecoveredHappening[],
  facts: RecoveryFacts,
): RecoveryPlan {
  const plan: RecoveryPlan = { fresh: [], missed: [], listOnly: [], done: 0 };
  for (const { happening, journalSeq, receivedAt } of found) {
    const key = happeningKey(journalSeq, happening.kind);
    happening.key = key;
    const decided = facts.hasDecision(key);
    const listed = happening.kind !== 'FileClosed' || !happening.file || facts.hasFile(key);
    if (decided) {
      if (listed) plan.done += 1;
      else plan.listOnly.push(happening);
      continue;
    }
    if (facts.now - receivedAt <= facts.freshMs || facts.switchedOff?.(happening) === true) {
      plan.fresh.push(happening);
    } else {
      happening.missed = true;
      plan.missed.push(happening);
    }
  }
  return plan;
}

/** The happenings a missed notification stands for (a summary's items, else itself). */
export function missedItems({ notification }: HistoryNotification): NotificationItem[] {
  if (notification.items && notification.items.length > 0) return notification.items;
  const recorderId = notification.recorderIds?.[0];
  return [
    {
      event: notification.event,
      roomId: notification.roomIds[0] ?? 0,
      ...(recorderId !== undefined ? { recorderId } : {}),
    },
  ];
}

/** A happening as one item of the summary. */
function itemOf(happening: Happening): NotificationItem {
  return {
    event: happening.kind,
    roomId: happening.roomId,
    ...(happening.recorderId !== undefined ? { recorderId: happening.recorderId } : {}),
    ...(happening.problem ? { problem: happening.problem.code } : {}),
  };
}

/**
 * The one popup that sums up what was missed while the app was not running (happenings the
 * journal revealed, and popups owed too long: `owed`), or undefined when nothing was. Its key
 * names the journal seq recovery ran to, so a crash during recovery and another start show it
 * once, not twice.
 */
export function missedSummary(
  missed: readonly Happening[],
  options: { language: Language; now: number; throughSeq: number },
  owed: readonly NotificationItem[] = [],
): AppNotification | undefined {
  const items = [...missed.map(itemOf), ...owed];
  if (items.length === 0) return undefined;
  const { title, body } = NOTIFICATION_TEXT[options.language].missedSummary(items.length);
  const kinds = new Set(items.map((item) => item.event));
  return {
    id: `missed-${options.throughSeq}`,
    // The list's icon and filter go by kind: a finished file is what a user most wants to find.
    event: kinds.has('FileClosed') ? 'FileClosed' : items[0]!.event,
    roomIds: [...new Set(items.map((item) => item.roomId))],
    recorderIds: [...new Set(items.flatMap((item) => (item.recorderId ? [item.recorderId] : [])))],
    items,
    title,
    body,
    action: { kind: 'openWindow' },
    createdAt: options.now,
    key: `missed-through-j${options.throughSeq}`,
  };
}

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
  /** Its kind is switched off (RecoveryFacts.switchedOff). */
  switchedOff?(happening: Happening): boolean;
  /** Lists a finished file whose decision is recorded but whose listing was lost (no popup). */
  listFile(happening: Happening): void;
  /** Popups owed too long (core/outbox.ts: planOwed): counted in the summary too. */
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
 * The journal's part of start-up (app/recovery.ts runs it once the state is rebuilt from the
 * entries up to the processed mark: those are skipped here): runs the happenings of the entries
 * after the mark that the history lacks through the same pipeline with their original receipt
 * times (fresh ones pop up as usual, older ones are recorded as missed), and records one summary
 * popup for the missed ones. Resolves once each has reached the policy.
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
