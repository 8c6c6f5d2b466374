import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../main/adapters/history-store';
import type { PushRecord } from '../../../shared/push';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'history-push-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('push outcomes in the history', () => {
  it('are kept with their notification, the newest per target, across a restart', async () => {
    const store = await HistoryStore.open({ dir });
    store.addNotification({
      notification: {
        id: 'n1',
        event: 'StreamStarted',
        roomIds: [1],
        title: 't',
        body: '',
        createdAt: 1,
      },
      decision: { shown: true },
      read: false,
    });
    const failed: PushRecord = {
      target: 'ntfy://host/to***',
      status: 'failed',
      at: 2,
      attempts: 1,
      reason: 'serverError',
      detail: 'HTTP 503',
    };
    const sent: PushRecord = { target: 'ntfy://host/to***', status: 'sent', at: 3, attempts: 2 };
    const other: PushRecord = { target: 'schan://SC***', status: 'sent', at: 3, attempts: 1 };
    expect(store.recordPush('n1', failed)).toBe(true);
    expect(store.recordPush('n1', sent)).toBe(true);
    expect(store.recordPush('n1', other)).toBe(true);
    expect(store.recordPush('gone', sent)).toBe(false);
    await store.close();

    const reopened = await HistoryStore.open({ dir });
    const [entry] = reopened.queries.notifications().items;
    expect(entry!.push).toEqual([sent, other]);
    await reopened.close();
  });
});
