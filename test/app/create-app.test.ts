import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import type { DecisionSink, HappeningSource, SourceContext } from '../../main/core/plug-ins';
import type { HistoryNotification } from '../../shared/history';
import { startApp, stopApps } from '../fakes/app-harness';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

afterEach(stopApps);

/** Every entry of a history list (the window pages through them). */
const ALL = { limit: 1000, offset: 0 };
const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const FILE_CLOSED = fixtureText('synthesized/webhook-v2-FileClosed.json');

describe('createApp', () => {
  it('a test event goes through HTTP and the whole pipeline, pops up even when paused, and leaves no room behind', async () => {
    const h = await startApp({
      settings: { language: 'zh-CN', notifications: { pausedUntil: Date.now() + 3_600_000 } },
    });
    const send = h.app.handlers['test:sendEvent'];
    expect(await send({ kind: 'StreamStarted' })).toEqual({ ok: true });
    expect(await send({ kind: 'StreamStarted' })).toEqual({ ok: true });
    await vi.waitFor(() => expect(h.shown).toHaveLength(2), { timeout: 10_000 });
    expect(h.shown.map((n) => n.title)).toEqual([
      'Recorder Tray 测试 开播了',
      'Recorder Tray 测试 开播了',
    ]);
    expect(h.app.state().rooms).toEqual([]);
    const events = await h.app.handlers['eventLog:page'](ALL);
    expect(events.items.map((e) => e.source)).toEqual(['test', 'test']);
    // A test event is not proof that the recorder's webhooks arrive.
    expect(h.app.state().listener.lastWebhookAt).toBeUndefined();
  });

  it('a FileClosed test event shows a file-finished popup and lands in the files history', async () => {
    const h = await startApp({ settings: { language: 'zh-CN' } });
    expect(await h.app.handlers['test:sendEvent']({ kind: 'FileClosed' })).toEqual({ ok: true });
    await vi.waitFor(() => expect(h.shown).toHaveLength(1), { timeout: 10_000 });
    expect(h.shown[0]).toMatchObject({
      event: 'FileClosed',
      title: '录制完成：Recorder Tray 测试',
    });
    expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
  });

  it('webhooks reach the history: the event log (duplicates flagged), notifications with decisions, files', async () => {
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
    await postWebhook(h.webhookUrl, FILE_CLOSED);
    await postWebhook(h.webhookUrl, FILE_CLOSED);
    await vi.waitFor(async () => {
      expect((await h.app.handlers['eventLog:page'](ALL)).total).toBe(2);
      expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
      expect(h.shown).toHaveLength(1);
    });
    const events = await h.app.handlers['eventLog:page'](ALL);
    expect(events.items.map((e) => e.duplicate).sort()).toEqual([false, true]);
    expect((await h.app.handlers['history:notifications'](ALL)).items[0]).toMatchObject({
      decision: { shown: true },
      read: false,
    });
    expect((await h.app.handlers['history:files'](ALL)).items[0]).toMatchObject({
      roomId: 23058,
      fileSize: 1873245190,
    });
    expect(h.app.state().listener.lastWebhookAt).toEqual(expect.any(Number));
  });

  it('a settings change rebinds the listener without losing what was accepted', async () => {
    const h = await startApp();
    await postWebhook(h.webhookUrl, STREAM_STARTED);
    await h.app.handlers['settings:update']({ listener: { token: 'new-token' } });
    await vi.waitFor(() => expect(h.app.webhookUrl()).toMatch(/\/webhook\/new-token$/));
    expect((await postWebhook(h.app.webhookUrl(), FILE_CLOSED)).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(2), { timeout: 10_000 });
    expect(h.shown.map((n) => n.event).sort()).toEqual(['FileClosed', 'StreamStarted']);
  });

  it('start reports a refused bind in its result and the state, and the app runs on without it', async () => {
    const h = await startApp({ settings: { listener: { host: '0.0.0.0', token: '' } } });
    expect(h.started).toMatchObject({ ok: false, unsafe: true });
    expect(h.app.state().listener).toMatchObject({ running: false, error: expect.any(String) });
    expect(await h.app.handlers['state:get'](undefined)).toMatchObject({
      listener: { running: false },
    });
  });

  it('tells subscribers of state changes and new notifications, and stops telling them at stop', async () => {
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
    const seen: string[] = [];
    h.app.subscribe((message) => seen.push(message.event));
    await postWebhook(h.webhookUrl, STREAM_STARTED);
    await vi.waitFor(() => {
      expect(seen).toContain('notification:added');
      expect(seen).toContain('state:changed');
    });
    await h.app.stop();
    const count = seen.length;
    await h.app.stop(); // a second stop is the same stop
    // After stop the listener is closed, and a webhook posted now reaches nothing of this app:
    // refused by the listener, or, when a test file running beside this one took the freed port,
    // answered by that one's server (it was 'socket hang up' once); no event follows (below)…
    expect(h.app.state().listener).toMatchObject({ running: false });
    const late = await postWebhook(h.webhookUrl, STREAM_STARTED).then(
      (response) => `answered ${response.status} by another server`,
      (error: Error) => error.message,
    );
    expect(late).toMatch(/ECONNREFUSED|socket hang up|ECONNRESET|answered/);
    // …and what would push the state (marking read) reaches no subscriber, whatever time passes.
    vi.useFakeTimers();
    try {
      await h.app.handlers['history:markRead']({});
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toHaveLength(count);
  });
});

describe('createApp plug-in points', () => {
  it('a source attached at start offers happenings through the policy to every sink, observes webhooks, and stops first', async () => {
    const order: string[] = [];
    let context: SourceContext | undefined;
    const webhooks: string[] = [];
    const source: HappeningSource = {
      name: 'test source',
      start: (c) => {
        context = c;
        c.observe({ webhook: (webhook) => webhooks.push(webhook.type) });
        order.push('source started');
      },
      stop: () => void order.push('source stopped'),
    };
    const decided: HistoryNotification[] = [];
    const sink: DecisionSink = {
      name: 'test sink',
      start: () => void order.push('sink started'),
      decided: (entry) => decided.push(entry),
      stop: () => void order.push('sink stopped'),
    };
    const h = await startApp({
      settings: { notifications: { groupWindowSeconds: 0 } },
      ports: { sources: [source], sinks: [sink] },
    });
    expect(order).toEqual(['sink started', 'source started']);

    await postWebhook(h.webhookUrl, STREAM_STARTED);
    await vi.waitFor(() => expect(decided).toHaveLength(1));
    expect(webhooks).toEqual(['StreamStarted']);
    const room = context!.rooms()[0]!;
    context!.offer({
      kind: 'FileClosed',
      roomId: room.roomId,
      at: Date.now(),
      room,
      source: 'poll',
    });
    await vi.waitFor(() => expect(decided).toHaveLength(2));
    expect(decided.map((d) => d.notification.event)).toEqual(['StreamStarted', 'FileClosed']);
    // The sink sees what the host's popup sees (the popup once the history's write is out).
    await vi.waitFor(() =>
      expect(h.shown.map((n) => n.id)).toEqual(decided.map((d) => d.notification.id)),
    );
    expect((await h.app.handlers['history:notifications'](ALL)).total).toBe(2);

    await h.app.stop();
    expect(order.slice(2)).toEqual(['source stopped', 'sink stopped']);
  });

  it('a sink that throws is logged and skipped: the popup and the history still get the decision', async () => {
    const broken: DecisionSink = {
      name: 'broken sink',
      decided: () => {
        throw new Error('push target on fire');
      },
    };
    const h = await startApp({
      settings: { notifications: { groupWindowSeconds: 0 } },
      ports: { sinks: [broken] },
    });
    await postWebhook(h.webhookUrl, STREAM_STARTED);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect((await h.app.handlers['history:notifications'](ALL)).total).toBe(1);
    expect(h.log.lines.join('\n')).toMatch(/broken sink: .*push target on fire/);
  });
});

describe('createApp start-up', () => {
  it('keeps the event log across a restart, in the database', async () => {
    const first = await startApp();
    for (const body of [STREAM_STARTED, STREAM_STARTED, FILE_CLOSED])
      await postWebhook(first.webhookUrl, body);
    await vi.waitFor(async () =>
      expect((await first.app.handlers['eventLog:page'](ALL)).total).toBe(3),
    );
    const before = (await first.app.handlers['eventLog:page'](ALL)).items;
    await first.app.stop();
    // The rows are the database's own (not a file beside it, not memory): read with SQLite itself.
    const stored = new Database(join(first.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const rows = stored.prepare('SELECT event_type FROM event_log ORDER BY seq').pluck().all();
      expect(rows).toEqual(['StreamStarted', 'StreamStarted', 'FileClosed']);
    } finally {
      stored.close();
    }

    const restarted = await startApp({ dataDir: first.dataDir, start: false });
    expect((await restarted.app.handlers['eventLog:page'](ALL)).items).toEqual(before);
    expect(before.map((e) => [e.entryId, e.eventType, e.duplicate])).toEqual([
      [3, 'FileClosed', false],
      [2, 'StreamStarted', true],
      [1, 'StreamStarted', false],
    ]);
  });

  it('keeps of a journal far larger than the dedupe window only the deliveries it still needs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-compact-'));
    const body = JSON.parse(STREAM_STARTED);
    const old = Date.now() - 48 * 3_600_000;
    const lines = Array.from({ length: 25_000 }, (_, i) =>
      JSON.stringify({
        seq: i + 1,
        receivedAt: old + i,
        source: 'webhook',
        body: { ...body, EventId: randomUUID() },
      }),
    );
    // A journal of the format before the database: imported at start, then pruned.
    await writeFile(join(dataDir, 'journal.jsonl'), `${lines.join('\n')}\n`);
    const h = await startApp({ dataDir, start: false });
    await h.app.stop();
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      const seqs = db
        .prepare('SELECT min(seq) AS first, count(*) AS kept FROM deliveries WHERE seq > 1')
        .get();
      // The dedupe window's 10,000 newest (all are older than its 24 h)...
      expect(seqs).toEqual({ first: 15_001, kept: 10_000 });
      // ...and the go-live that made the room live, which it still is (the rest only repeat it).
      expect(db.prepare('SELECT count(*) FROM deliveries WHERE seq = 1').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });
});
