/** When the journal is compacted: past `slack` times what it must keep plus `floor` entries, or past `maxBytes`. */
export interface JournalRetention {
  slack: number;
  floor: number;
  /** A journal over this size is compacted once a quarter of it or more can go. */
  maxBytes: number;
}

/**
 * What the app uses. With the dedupe window at most 20,000 ids and the event log's 5,000, the
 * journal keeps at most about 20,000 entries past the processed mark (12 MB of the recorder's
 * 600-byte bodies), so it is compacted near 41,000 entries or 24 MB, whichever comes first.
 */
export const JOURNAL_RETENTION: JournalRetention = {
  slack: 2,
  floor: 1000,
  maxBytes: 24 * 1024 * 1024,
};

/** What the journal's entries are still needed for. */
export interface JournalNeeds {
  /** Every entry up to here reached the state, the Files list and the history. */
  processedThrough: number;
  /** The seq of the dedupe window's oldest id (0: the window is empty): the window is rebuilt from the journal. */
  windowOldestSeq: number;
  /** The newest seq written. */
  newestSeq: number;
  /** How many of the newest accepted deliveries the event log shows from the journal. */
  eventLogCount: number;
}

/**
 * The first seq the journal must keep: entries past the processed mark (start-up recovery runs
 * them), those whose ids the dedupe window holds, and the newest the event log shows. The journal
 * is in seq order, so all of these are one tail of it.
 */
export function keepFromSeq(needs: JournalNeeds): number {
  const window = needs.windowOldestSeq > 0 ? needs.windowOldestSeq : Infinity;
  const log = needs.newestSeq - needs.eventLogCount + 1;
  return Math.max(1, Math.min(needs.processedThrough + 1, window, log));
}

/** Whether a journal of `stats` that must keep `needed` entries is due for a compaction. */
export function compactionDue(
  stats: { entries: number; bytes: number },
  needed: number,
  retention: JournalRetention,
): boolean {
  if (stats.entries <= needed) return false;
  if (stats.entries > needed * retention.slack + retention.floor) return true;
  return stats.bytes > retention.maxBytes && (stats.entries - needed) * 4 >= stats.entries;
}
