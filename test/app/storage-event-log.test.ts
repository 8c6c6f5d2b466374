import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { openStorage, type Storage } from '../../main/app/storage';
import { parseWebhook, type RecorderWebhook } from '../../shared/recorder/webhook';
import { memoryLogger } from '../fakes/silent-logger';
import { fixtureJson } from '../helpers/fixtures';

const LIMITS = {
  history: { files: 10, notifications: 10, events: 5 },
  dedupe: { maxAgeMs: 0, minCount: 2, maxCount: 2 },
  pruning: { pruneEvery: 4 },
};

const opened: { storage: Storage; dir: string }[] = [];
afterEach(async () => {
  for (const { storage, dir } of opened.splice(0)) {
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function open(dir?: string): Promise<{ storage: Storage; dir: string }> {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'storage-event-log-')));
  const storage = await openStorage(dataDir, Date.now, memoryLogger(), { limits: LIMITS });
  await storage.startPruning(() => []); // as createApp does once the state is rebuilt
  const handle = { storage, dir: dataDir };
  opened.push(handle);
  return handle;
}

function webhook(i: number): { webhook: RecorderWebhook; body: unknown } {
  const body = {
    ...fixtureJson('synthesized/webhook-v2-StreamStarted.json'),
    EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  };
  const parsed = parseWebhook(body);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return { webhook: parsed.value, body };
}

describe('the event log in storage, bounded', () => {
  test('a flood of duplicates alone is pruned to the bound', async () => {
    const { storage } = await open();
    const { webhook: first, body } = webhook(1);
    await storage.intake.accept(first, body);
    for (let i = 0; i < 40; i += 1)
      storage.logUnjournaled(first, body, { source: 'webhook', duplicate: true, receivedAt: i });
    // Pruned every 4 rows: never more than the bound and one round of rows past it.
    await vi.waitFor(() => expect(storage.eventLog.newestEntryId()).toBe(41));
    await vi.waitFor(() => expect(storage.eventLog.count()).toBeLessThanOrEqual(5 + 4));
    expect(storage.eventLog.events().items.every((e) => e.duplicate)).toBe(true);
  });

  test('the deliveries the log still shows keep their bodies while the rest are pruned', async () => {
    const { storage, dir } = await open();
    for (let i = 1; i <= 30; i += 1) {
      const { webhook: w, body } = webhook(i);
      const result = await storage.intake.accept(w, body);
      if (result.status === 'accepted') await storage.markProcessed(result.delivery.seq);
    }
    expect(storage.deliveries.count()).toBeLessThan(30);
    const shown = storage.eventLog.events({ limit: 100 }).items;
    expect(shown.length).toBeLessThanOrEqual(5 + 4);
    for (const entry of shown)
      expect((entry.body as { EventId: string }).EventId).toBe(entry.eventId);
    await storage.close();
    opened.pop();
    // A restart prunes to the bound at once.
    const again = await open(dir);
    expect(again.storage.eventLog.count()).toBe(5);
    expect(again.storage.eventLog.events().items.map((e) => e.entryId)).toEqual([
      30, 29, 28, 27, 26,
    ]);
  });
});
