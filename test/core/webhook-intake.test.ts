import { describe, expect, test } from 'vitest';
import type { KeptDelivery } from '../../main/core/ports';
import { UNSURE_KEEP_MS, WebhookIntake } from '../../main/core/webhook-intake';
import { MemoryJournal } from '../fakes/memory-journal';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { fixtureJson } from '../helpers/fixtures';

const now = Date.UTC(2024, 2, 17, 12);
const started = fixtureJson('synthesized/webhook-v2-StreamStarted.json');

/** `count` journal entries of distinct events, all received two days ago (outside 24 h). */
function oldEntries(count: number): KeptDelivery[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    receivedAt: now - 48 * 3_600_000 + i,
    source: 'webhook' as const,
    body: { ...started, EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
  }));
}

describe('WebhookIntake.restore', () => {
  test('continues from the newest seq ever given, even past the entries kept', () => {
    const intake = new WebhookIntake(new MemoryJournal(), () => now);
    const restored = intake.restore(oldEntries(3), 10);
    expect(restored.accepted.map(({ delivery }) => delivery.seq)).toEqual([1, 2, 3]);
    expect(restored.replay.map(({ seq }) => seq)).toEqual([1, 2, 3]);
    expect(intake.journalSeq).toBe(10);
  });

  test('an id the journal keeps is a duplicate, answered without a write', async () => {
    const journal = new MemoryJournal();
    journal.ids.add(String(started.EventId));
    const intake = new WebhookIntake(journal, () => now);
    expect(await intake.accept(parsedWebhook(started), started)).toMatchObject({
      status: 'duplicate',
    });
    expect(journal.entries).toEqual([]);
  });

  test('continues the journal seq after a restore; a second delivery is a duplicate', async () => {
    const journal = new MemoryJournal();
    const intake = new WebhookIntake(journal, () => now);
    intake.restore(oldEntries(3));
    expect(intake.journalSeq).toBe(3);
    const webhook = parsedWebhook(started);
    const first = await intake.accept(webhook, started);
    expect(first).toMatchObject({ status: 'accepted', delivery: { seq: 4 } });
    expect(await intake.accept(webhook, started)).toMatchObject({
      status: 'duplicate',
      receivedAt: now,
    });
  });

  test('a copy delivered at the same time is answered only once the original is stored', async () => {
    const writes: { settle: (error?: Error) => void }[] = [];
    const journal = {
      append: () =>
        new Promise<boolean>((resolve, reject) =>
          writes.push({ settle: (error) => (error ? reject(error) : resolve(true)) }),
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

  /** A journal whose rows go in before a failing answer (a commit whose WAL sync failed). */
  function syncFailingJournal() {
    const kept = new Map<string, number>();
    const journal = {
      failing: true,
      append: (entry: KeptDelivery, webhook: { id: string }) => {
        const known = kept.has(webhook.id);
        if (!known) kept.set(webhook.id, entry.seq);
        if (journal.failing) return Promise.reject(new Error('EIO: i/o error, fdatasync'));
        return Promise.resolve(!known);
      },
      keptSeq: (id: string) => kept.get(id),
    };
    return journal;
  }

  test('a write that failed but was kept (its sync failed) is handed on at the retry, not taken for a duplicate', async () => {
    const journal = syncFailingJournal();
    const intake = new WebhookIntake(journal, () => now);
    const webhook = parsedWebhook(started);
    await expect(intake.accept(webhook, started)).rejects.toThrow('EIO');
    await expect(intake.accept(webhook, started)).rejects.toThrow('EIO'); // a retry fails too
    journal.failing = false;
    // The first failed write's entry: the row kept is its own.
    expect(await intake.accept(webhook, started)).toMatchObject({
      status: 'accepted',
      delivery: { seq: 1 },
    });
    expect(await intake.accept(webhook, started)).toMatchObject({ status: 'duplicate' });
    expect(intake.counters).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  test('a failed write of an id kept before stays a duplicate at its retry: the row is the earlier one', async () => {
    const journal = syncFailingJournal();
    journal.failing = false;
    const intake = new WebhookIntake(journal, () => now);
    const webhook = parsedWebhook(started);
    expect(await intake.accept(webhook, started)).toMatchObject({
      status: 'accepted',
      delivery: { seq: 1 },
    });
    journal.failing = true; // a copy comes in a turn whose sync fails
    await expect(intake.accept(webhook, started)).rejects.toThrow('EIO');
    journal.failing = false;
    expect(await intake.accept(webhook, started)).toMatchObject({ status: 'duplicate' });
    expect(intake.counters).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  test('the oldest failed write whose retry may still come holds the processed mark, until the retry or UNSURE_KEEP_MS', async () => {
    const journal = syncFailingJournal();
    let clock = now;
    const intake = new WebhookIntake(journal, () => clock);
    const first = parsedWebhook(started);
    const second = parsedWebhook({ ...started, EventId: 'f0a7c0e2-3d55-4c7e-9d1a-5b2f0c9e8a11' });
    expect(intake.oldestUnsureSeq()).toBeUndefined();
    await expect(intake.accept(first, started)).rejects.toThrow('EIO'); // seq 1
    clock += 1_000;
    await expect(intake.accept(second, started)).rejects.toThrow('EIO'); // seq 2
    expect(intake.oldestUnsureSeq()).toBe(1);
    journal.failing = false;
    expect(await intake.accept(first, started)).toMatchObject({ delivery: { seq: 1 } });
    expect(intake.oldestUnsureSeq()).toBe(2);
    // The second's retry never comes (the recorder gave up): it stops holding the mark.
    clock += UNSURE_KEEP_MS;
    expect(intake.oldestUnsureSeq()).toBe(2);
    clock += 1;
    expect(intake.oldestUnsureSeq()).toBeUndefined();
  });

  test('a journal that throws at once (not in its promise) also releases the id: the retry is no duplicate', async () => {
    let throwing = true;
    const journal = {
      append: () => {
        if (throwing) throw new RangeError('Maximum call stack size exceeded');
        return Promise.resolve(true);
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
