import type { KeptDelivery, JournalPort } from '../../main/core/ports';
import type { RecorderWebhook } from '../../shared/recorder/webhook';

/** A journal kept in memory, its ids the dedupe; `failNext` makes the next append fail like a full disk. */
export class MemoryJournal implements JournalPort {
  readonly entries: KeptDelivery[] = [];
  readonly ids = new Set<string>();
  readonly #seqs = new Map<string, number>();
  failNext = false;

  async append(entry: KeptDelivery, webhook: RecorderWebhook): Promise<boolean> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    if (this.ids.has(webhook.id)) return false;
    this.entries.push(entry);
    this.ids.add(webhook.id);
    this.#seqs.set(webhook.id, entry.seq);
    return true;
  }

  keptSeq(webhookId: string): number | undefined {
    return this.#seqs.get(webhookId);
  }
}
