import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../main/adapters/database/database-handle';
import { HistoryTables } from '../../main/adapters/database/history-tables';
import { popupsAfterCommit } from '../../main/app/sinks';
import type { HistoryNotification } from '../../shared/history';
import { makeNotification } from '../fakes/history-records';

let dir: string;
let database: DatabaseHandle;
let history: HistoryTables;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'popups-after-commit-'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  history = new HistoryTables(database, { warn: () => undefined, retryMs: 20 });
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

/** The ids committed as owed right now (read synchronously from the database). */
const owedNow = () => history.owedPopups().map((o) => o.entry.notification.id);

const decide = (sink: ReturnType<typeof popupsAfterCommit>, entry: HistoryNotification) => {
  const kept = history.addNotification(entry);
  if (!kept) throw new Error('not recorded');
  sink.decided(entry, kept);
};

// A popup is shown only once its decision is committed as owed (a kill before: shown at the next
// start), and marked shown after (a kill before the mark: shown again, a repeat, never a loss).
describe('popupsAfterCommit', () => {
  test('a shown decision pops up after its owed commit, in order, and is then marked shown', async () => {
    const shown: string[] = [];
    const owedWhenShown: string[][] = [];
    const sink = popupsAfterCommit(
      {
        name: 'popups',
        decided: (entry) => {
          shown.push(entry.notification.id);
          owedWhenShown.push(owedNow());
        },
      },
      (error) => {
        throw error;
      },
    );
    for (const i of [0, 1, 2]) decide(sink, makeNotification(i));
    expect(shown).toEqual([]); // nothing before the commit
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown).toEqual(['n-0', 'n-1', 'n-2']);
    owedWhenShown.forEach((ids, i) => expect(ids).toContain(`n-${i}`));
    await sink.stop?.();
    await history.flush();
    expect(owedNow()).toEqual([]);
  });

  test('a decision not shown goes straight through; stop waits for the popups decided before it', async () => {
    const seen: string[] = [];
    const sink = popupsAfterCommit(
      { name: 'popups', decided: (entry) => seen.push(entry.notification.id) },
      () => {},
    );
    decide(sink, makeNotification(1, { decision: { shown: false, reason: 'paused' } }));
    expect(seen).toEqual(['n-1']); // nothing to show: no wait
    decide(sink, makeNotification(2));
    await sink.stop?.();
    expect(seen).toEqual(['n-1', 'n-2']);
  });

  test('while the database cannot be written the popup goes at once; its row follows as shown', async () => {
    const db = database.connection()!;
    const full = (on: boolean) =>
      db.pragma(
        `max_page_count = ${on ? String(db.pragma('page_count', { simple: true })) : 1_073_741_823}`,
      );
    const seen: string[] = [];
    const sink = popupsAfterCommit(
      { name: 'popups', decided: (entry) => seen.push(entry.notification.id) },
      () => {},
    );
    full(true);
    const big = makeNotification(1);
    big.notification.body = 'x'.repeat(64 * 1024); // more than the free pages left
    decide(sink, big);
    await vi.waitFor(() => expect(seen).toEqual(['n-1']));
    expect(history.trouble).toMatch(/full/);
    full(false);
    await vi.waitFor(() => expect(history.trouble).toBeUndefined());
    expect(history.notifications().items.map((n) => n.notification.id)).toEqual(['n-1']);
    expect(owedNow()).toEqual([]); // shown already: not owed
  });
});
