import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { HistoryStore } from '../../main/adapters/history-store';
import { durablePopups } from '../../main/app/sinks';
import type { HistoryNotification } from '../../shared/history';
import { makeNotification } from '../fakes/history-records';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'durable-popups-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The ids of the notifications notifications.jsonl holds right now (read synchronously). */
const idsOnDisk = (): string[] => {
  let text = '';
  try {
    text = readFileSync(path.join(dir, 'notifications.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { entry?: HistoryNotification }).entry?.notification.id)
    .filter((id): id is string => id !== undefined);
};

// Start-up recovery skips a happening whose decision the history holds: a popup must never be
// shown before its line is in the file (a kill then would show it twice), nor wait on a promise
// after the line is there (a kill in that gap lost it: the chaos test, rarely, under load).
describe('durablePopups', () => {
  test('a shown decision pops up in the step that wrote its history line, in order', async () => {
    const history = await HistoryStore.open({ dir, onWarning: () => {} });
    const onDiskWhenShown: string[][] = [];
    const shown: string[] = [];
    const sink = durablePopups(
      {
        name: 'popups',
        decided: (entry) => {
          shown.push(entry.notification.id);
          onDiskWhenShown.push(idsOnDisk());
        },
      },
      history,
      (error) => {
        throw error;
      },
    );
    const entries = [0, 1, 2].map((i) => makeNotification(i));
    for (const entry of entries) {
      history.addNotification(entry);
      sink.decided(entry);
    }
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown).toEqual(['n-0', 'n-1', 'n-2']);
    onDiskWhenShown.forEach((ids, i) => expect(ids).toContain(`n-${i}`));
    await sink.stop?.();
    await history.close();
  });

  test('a decision not shown goes straight through; stop waits for the popups decided before it', async () => {
    const history = await HistoryStore.open({ dir, onWarning: () => {} });
    const seen: string[] = [];
    const sink = durablePopups(
      { name: 'popups', decided: (entry) => seen.push(entry.notification.id) },
      history,
      () => {},
    );
    const hidden = makeNotification(1, { decision: { shown: false, reason: 'paused' } });
    history.addNotification(hidden);
    sink.decided(hidden);
    expect(seen).toEqual(['n-1']); // nothing to show: no wait
    const popup = makeNotification(2);
    history.addNotification(popup);
    sink.decided(popup);
    await sink.stop?.();
    expect(seen).toEqual(['n-1', 'n-2']);
    await history.close();
  });
});
