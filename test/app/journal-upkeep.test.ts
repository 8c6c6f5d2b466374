import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, stopApps } from '../fakes/app-harness';
import { SMALL_TEST_LIMITS } from '../fakes/small-limits';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

// The journal compacted while the app runs (issue 21), through the app object over real HTTP and
// real files. The test limits (SMALL_TEST_LIMITS through the app's ports, as the chaos test uses
// them: a dedupe window of at most 32 ids, an event log of 16) make it compact every few dozen
// deliveries.

const STREAM_STARTED = JSON.parse(fixtureText('synthesized/webhook-v2-StreamStarted.json'));
const ALL = { limit: 1000, offset: 0 };

afterEach(stopApps);

const journalSeqs = async (dataDir: string) =>
  (await readFile(join(dataDir, 'journal.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { seq: number }).seq);

describe('the journal while the app runs', () => {
  it('is compacted to what it still needs; a restart still knows the newest ids', async () => {
    const h = await startApp({
      ports: { limits: SMALL_TEST_LIMITS },
      settings: { notifications: { groupWindowSeconds: 0 } },
    });
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      const body = JSON.stringify({ ...STREAM_STARTED, EventId: randomUUID() });
      ids.push(JSON.parse(body).EventId);
      expect((await postWebhook(h.webhookUrl, body)).status).toBe(204);
    }
    // Compacted while running: the newest entries, in order, without a gap, far fewer than 300.
    await vi.waitFor(async () => {
      const seqs = await journalSeqs(h.dataDir);
      expect(seqs.at(-1)).toBe(300);
      expect(seqs.length).toBeLessThan(100);
    });
    const seqs = await journalSeqs(h.dataDir);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 301 - seqs.length + i));
    expect(seqs.length).toBeGreaterThanOrEqual(16); // the dedupe window's ids at least

    await stopApps();
    const again = await startApp({ ports: { limits: SMALL_TEST_LIMITS }, dataDir: h.dataDir });
    const retry = JSON.stringify({ ...STREAM_STARTED, EventId: ids.at(-1) });
    expect((await postWebhook(again.webhookUrl, retry)).status).toBe(204);
    await vi.waitFor(async () => {
      const events = await again.app.handlers['history:events'](ALL);
      expect(events.items.some((e) => e.duplicate)).toBe(true);
    });
  });
});
