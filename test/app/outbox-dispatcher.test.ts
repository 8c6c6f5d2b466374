import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../main/adapters/database/database-handle';
import { HistoryTables } from '../../main/adapters/database/history-tables';
import { OutboxTable } from '../../main/adapters/database/outbox-table';
import { OutboxDispatcher } from '../../main/app/outbox-dispatcher';
import { planOwed } from '../../main/core/outbox';
import type { PushSend } from '../../main/features/push/adapters/senders';
import { PushSink } from '../../main/features/push/app/push-sink';
import type { HistoryNotification } from '../../shared/history';
import { defaultSettings, Settings } from '../../shared/settings';
import { makeNotification } from '../fakes/history-records';

let dir: string;
let database: DatabaseHandle;
let outbox: OutboxTable;
let history: HistoryTables;
const warnings: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-dispatcher-'));
  warnings.length = 0;
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  outbox = new OutboxTable(database, () => undefined);
  history = new HistoryTables(database, { outbox, warn: () => undefined, retryMs: 20 });
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

/** The ids whose effects are owed right now, by kind (read synchronously from the database). */
const owedNow = (kind = 'popup') =>
  outbox
    .load()
    .filter((e) => e.kind === kind)
    .map((e) => e.notificationId);

/** A dispatcher with the host's popup `show`, and pushes through `send` to the targets given. */
async function dispatcher(show: (entry: HistoryNotification) => void, send?: PushSend, url = '') {
  const settings = url ? Settings.parse({ pushTargets: [{ url }] }) : defaultSettings();
  const push = new PushSink({
    outbox,
    send: send ?? (() => Promise.reject(new Error('no push expected'))),
    onResult: (id, record) => void history.recordPush(id, record),
  });
  const made = new OutboxDispatcher({
    popups: { name: 'popups', decided: show },
    push,
    outbox,
    history,
    failed: (error) => {
      throw error;
    },
  });
  const log = {
    info: () => undefined,
    warn: (m: string) => warnings.push(m),
    error: () => undefined,
  };
  await made.start({
    clock: Date.now,
    log,
    dataDir: dir,
    settings: () => settings,
    language: () => 'en',
  });
  return made;
}

const decide = (sink: OutboxDispatcher, entry: HistoryNotification) => {
  const kept = history.addNotification(entry, [], sink.effectsOf(entry));
  if (!kept) throw new Error('not recorded');
  sink.decided(entry, kept);
};

// A popup is shown only once its decision is committed with it owed (a kill before: shown at the
// next start), and its row goes after (a kill before that: shown again, a repeat, never a loss).
describe('OutboxDispatcher', () => {
  test('a shown decision pops up after its commit, in order, and its row then goes', async () => {
    const shown: string[] = [];
    const owedWhenShown: string[][] = [];
    const sink = await dispatcher((entry) => {
      shown.push(entry.notification.id);
      owedWhenShown.push(owedNow());
    });
    for (const i of [0, 1, 2]) decide(sink, makeNotification(i));
    expect(shown).toEqual([]); // nothing before the commit
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown).toEqual(['n-0', 'n-1', 'n-2']);
    owedWhenShown.forEach((ids, i) => expect(ids).toContain(`n-${i}`));
    await sink.stop();
    await vi.waitFor(() => expect(owedNow()).toEqual([]));
  });

  test('a decision not shown owes nothing; stop waits for the popups decided before it', async () => {
    const seen: string[] = [];
    const sink = await dispatcher((entry) => seen.push(entry.notification.id));
    decide(sink, makeNotification(1, { decision: { shown: false, reason: 'paused' } }));
    decide(sink, makeNotification(2));
    await sink.stop();
    expect(seen).toEqual(['n-2']);
  });

  test('a push owed is sent after the commit; its outcome is kept and its row goes', async () => {
    const sent: string[] = [];
    const owedWhenSent: string[][] = [];
    const send: PushSend = (_target, message) => {
      sent.push(message.title);
      owedWhenSent.push(owedNow('push'));
      return Promise.resolve({ ok: true });
    };
    const sink = await dispatcher(() => undefined, send, 'json://127.0.0.1:9/hook');
    decide(sink, makeNotification(1));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(owedWhenSent).toEqual([['n-1']]); // committed as owed before it went
    await vi.waitFor(() => expect(owedNow('push')).toEqual([]));
    await vi.waitFor(() =>
      expect(history.notificationById('n-1')?.push?.map((p) => p.status)).toEqual(['sent']),
    );
    await sink.stop();
  });

  test('at start: a fresh popup owed is shown once, an old one recorded as missed', async () => {
    const first = await dispatcher(() => undefined);
    const now = Date.now();
    const old = makeNotification(1);
    old.notification.createdAt = now - 3_600_000;
    const fresh = makeNotification(2);
    fresh.notification.createdAt = now;
    for (const entry of [old, fresh])
      await (
        history.addNotification(entry, [], first.effectsOf(entry)) as {
          committed: Promise<unknown>;
        }
      ).committed;
    const shown: string[] = [];
    const second = await dispatcher((entry) => shown.push(entry.notification.id));
    second.resume(planOwed(outbox.load(), { now, freshMs: 600_000 }));
    expect(shown).toEqual(['n-2']);
    await vi.waitFor(() => expect(owedNow()).toEqual([]));
    await history.flush();
    expect(history.notificationById('n-1')?.decision).toEqual({ shown: false, reason: 'missed' });
  });

  test('at start: a stored push that does not read is skipped with a warning, the others go', async () => {
    const sent: string[] = [];
    const send: PushSend = (_target, message) => {
      sent.push(message.title);
      return Promise.resolve({ ok: true });
    };
    const url = 'json://127.0.0.1:9/hook';
    const first = await dispatcher(() => undefined, send, url);
    const good = makeNotification(1);
    await (
      history.addNotification(good, [], first.effectsOf(good)) as { committed: Promise<unknown> }
    ).committed;
    await database.commit(() =>
      database
        .statement(
          `INSERT INTO outbox (kind, notification_id, target, payload, created_at)
           VALUES ('push', 'n-bad', ?, '{not json', ?)`,
        )
        .run(url, Date.now()),
    );
    const second = await dispatcher(() => undefined, send, url);
    second.resume(planOwed(outbox.load(), { now: Date.now(), freshMs: 600_000 }));
    await vi.waitFor(() => expect(owedNow('push')).toEqual([]));
    expect(sent).toEqual([good.notification.title]);
    expect(warnings).toEqual([expect.stringMatching(/^outbox: the stored push \d+ does not read/)]);
    await second.stop();
  });

  test('while the database cannot be written the popup goes at once; its row follows, not owed', async () => {
    const db = database.connection()!;
    const full = (on: boolean) =>
      db.pragma(
        `max_page_count = ${on ? String(db.pragma('page_count', { simple: true })) : 1_073_741_823}`,
      );
    const seen: string[] = [];
    const sink = await dispatcher((entry) => seen.push(entry.notification.id));
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
