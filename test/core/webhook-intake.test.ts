import { describe, expect, test } from 'vitest';
import { DEDUPE_WINDOW } from '../../main/core/event-id-window';
import type { JournalEntry } from '../../main/core/ports';
import { WebhookIntake } from '../../main/core/webhook-intake';
import { MemoryJournal } from '../fakes/memory-journal';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { fixtureJson } from '../helpers/fixtures';

const now = Date.UTC(2024, 2, 17, 12);
const started = fixtureJson('synthesized/webhook-v2-StreamStarted.json');

/** `count` journal entries of distinct events, all received two days ago (outside 24 h). */
function oldEntries(count: number): JournalEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    receivedAt: now - 48 * 3_600_000 + i,
    source: 'webhook' as const,
    body: { ...started, EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
  }));
}

describe('WebhookIntake.restore', () => {
  test('keeps the ids the dedupe window holds, and the newest `keepLast` whatever their age', () => {
    const entries = oldEntries(DEDUPE_WINDOW.minCount + 2000);
    const restore = (keepLast?: number) =>
      new WebhookIntake(new MemoryJournal(), () => now).restore(entries, keepLast);

    const byWindow = restore();
    expect(byWindow.accepted).toHaveLength(entries.length);
    expect(byWindow.keep).toHaveLength(DEDUPE_WINDOW.minCount);
    expect(byWindow.keep[0]!.seq).toBe(2001);

    const byLog = restore(DEDUPE_WINDOW.minCount + 500);
    expect(byLog.keep).toHaveLength(DEDUPE_WINDOW.minCount + 500);
    expect(byLog.keep.at(-1)!.seq).toBe(entries.length);
  });

  test('continues the journal seq, and a duplicate notes where it came among the entries', async () => {
    const intake = new WebhookIntake(new MemoryJournal(), () => now);
    intake.restore(oldEntries(3));
    expect(intake.journalSeq).toBe(3);
    const webhook = parsedWebhook(started);
    const first = await intake.accept(webhook, started);
    expect(first).toMatchObject({ status: 'accepted', entry: { seq: 4 } });
    expect(await intake.accept(webhook, started)).toMatchObject({
      status: 'duplicate',
      receivedAt: now,
      journalSeq: 4,
    });
  });

  test('a copy delivered at the same time is answered only once the original is stored', async () => {
    const writes: { settle: (error?: Error) => void }[] = [];
    const journal = {
      append: () =>
        new Promise<void>((resolve, reject) =>
          writes.push({ settle: (error) => (error ? reject(error) : resolve()) }),
        ),
    };
    const webhook = parsedWebhook(started);
    const intake = new WebhookIntake(journal, () => now);
    const answers: string[] = [];
    const original = intake.accept(webhook, started).then((r) => answers.push(r.status));
    const copy = intake.accept(webhook, started).then((r) => answers.push(r.status));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toEqual([]); // neither before the write
    writes[0]!.settle();
    await Promise.all([original, copy]);
    expect(answers).toEqual(['accepted', 'duplicate']);

    // When the original's write fails, the copy fails with it: the recorder retries both.
    const other = parsedWebhook({ ...started, EventId: '00000000-0000-4000-8000-00000000abcd' });
    const failing = intake.accept(other, started);
    const failingCopy = intake.accept(other, started);
    writes[1]!.settle(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    await expect(failingCopy).rejects.toThrow('disk full');
    expect(intake.counters.duplicates).toBe(1);
    // Its id was released: the retry is a new delivery.
    const retry = intake.accept(other, started);
    writes[2]!.settle();
    expect(await retry).toMatchObject({ status: 'accepted' });
  });

  test('a journal that throws at once (not in its promise) also releases the id: the retry is no duplicate', async () => {
    let throwing = true;
    const journal = {
      append: () => {
        if (throwing) throw new RangeError('Maximum call stack size exceeded');
        return Promise.resolve();
      },
    };
    const intake = new WebhookIntake(journal, () => now);
    const webhook = parsedWebhook(started);
    await expect(intake.accept(webhook, started)).rejects.toThrow(RangeError);
    throwing = false;
    expect(await intake.accept(webhook, started)).toMatchObject({ status: 'accepted' });
    expect(intake.counters.duplicates).toBe(0);
  });
});
