import type { JournalEntry, JournalPort } from '../../main/core/ports';

/** A journal kept in memory; `failNext` makes the next append fail like a full disk. */
export class MemoryJournal implements JournalPort {
  readonly entries: JournalEntry[] = [];
  failNext = false;

  async append(entry: JournalEntry): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.entries.push(entry);
  }
}
