import type { JournalFile } from '../adapters/journal-file';
import { compactionDue, keepFromSeq, type JournalRetention } from '../core/journal-retention';
import type { Logger } from '../core/ports';
import type { WebhookIntake } from '../core/webhook-intake';

/** What the journal's upkeep looks at. */
export interface JournalUpkeepParts {
  journal: JournalFile;
  intake: WebhookIntake;
  /** How many accepted deliveries the event log shows from the journal. */
  eventLogCount: number;
  retention: JournalRetention;
  log: Logger;
}

/**
 * The journal kept bounded while the app runs (it was compacted only at start-up, and grew to
 * 422 MB over a million events: issue 21). Called whenever the processed mark moved: once the
 * journal passes its bounds (core/journal-retention.ts), the entries before what is still needed
 * are dropped in the background (JournalFile.compactBefore); one at a time.
 */
export function journalUpkeep(parts: JournalUpkeepParts): (processedThrough: number) => void {
  const { journal, intake, log } = parts;
  let warned = false;
  return (processedThrough) => {
    if (journal.compacting) return;
    const newestSeq = intake.journalSeq;
    const keepFrom = keepFromSeq({
      processedThrough,
      windowOldestSeq: intake.oldestWindowSeq,
      newestSeq,
      eventLogCount: parts.eventLogCount,
    });
    if (!compactionDue(journal.stats, newestSeq - keepFrom + 1, parts.retention)) return;
    void journal.compactBefore(keepFrom).then((done) => {
      if (done || warned) return;
      warned = true; // once: the next mark tries again
      log.warn('journal: cannot compact it now (the disk refused the copy); it stays whole');
    });
  };
}
