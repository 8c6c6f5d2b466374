import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeApp, type ComposedApp } from '../main/compose';
import type { AppNotification } from '../shared/model';
import { defaultSettings, type Settings } from '../shared/settings';
import { memoryLogger } from './fakes/silent-logger';
import { fixtureText } from './helpers/fixtures';
import { postWebhook } from './helpers/http';

let app: ComposedApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/** Composes the app on a fresh data folder (or `options.dataDir`), and starts its listener. */
async function compose(
  edit: (s: Settings) => void = () => {},
  options: { dataDir?: string; start?: boolean } = {},
) {
  const settings = defaultSettings();
  settings.listener.port = 0;
  settings.recorder.url = '';
  settings.language = 'zh-CN';
  edit(settings);
  const shown: AppNotification[] = [];
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'compose-')));
  app = await composeApp({
    dataDir,
    version: '1.2.3',
    settings: () => settings,
    log: memoryLogger(),
    showNotification: (n) => shown.push(n),
  });
  const webhookUrl = options.start === false ? '' : (await app.start()).webhookUrl;
  return { app, shown, settings, webhookUrl, dataDir };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('composeApp', () => {
  it('a test event goes through HTTP and the whole pipeline, pops up even when paused, and leaves no room behind', async () => {
    const c = await compose((s) => {
      s.notifications.pausedUntil = Date.now() + 3_600_000;
    });
    expect(await c.app.sendTestEvent('StreamStarted')).toEqual({ ok: true });
    expect(await c.app.sendTestEvent('StreamStarted')).toEqual({ ok: true });
    await until(() => c.shown.length === 2);
    expect(c.shown.map((n) => n.title)).toEqual([
      'Recorder Tray 测试 开播了',
      'Recorder Tray 测试 开播了',
    ]);
    expect(c.app.pipeline.state.rooms.list()).toEqual([]);
    const events = c.app.history.history.events({});
    expect(events.items.map((e) => e.source)).toEqual(['test', 'test']);
  });

  it('a FileClosed test event shows a file-finished popup and lands in the files history', async () => {
    const c = await compose();
    expect(await c.app.sendTestEvent('FileClosed')).toEqual({ ok: true });
    await until(() => c.shown.length === 1);
    expect(c.shown[0]).toMatchObject({
      event: 'FileClosed',
      title: '录制完成：Recorder Tray 测试',
    });
    expect(c.app.history.history.files({}).total).toBe(1);
  });

  it('webhooks reach the history: the event log (duplicates flagged), notifications with decisions, files', async () => {
    const c = await compose((s) => {
      s.notifications.groupWindowSeconds = 0;
    });
    const body = fixtureText('synthesized/webhook-v2-FileClosed.json');
    await postWebhook(c.webhookUrl, body);
    await postWebhook(c.webhookUrl, body);
    await until(() => c.app.history.history.events({}).total === 2 && c.shown.length === 1);
    await c.app.pipeline.drain();
    expect(
      c.app.history.history
        .events({})
        .items.map((e) => e.duplicate)
        .sort(),
    ).toEqual([false, true]);
    expect(c.app.history.history.notifications({}).items[0]).toMatchObject({
      decision: { shown: true },
      read: false,
    });
    expect(c.app.history.history.files({}).items[0]).toMatchObject({
      roomId: 23058,
      fileSize: 1873245190,
    });
  });

  it('settings changes rebind the listener without losing what was accepted', async () => {
    const c = await compose();
    await postWebhook(c.webhookUrl, fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    const previous = structuredClone(c.settings);
    c.settings.listener.token = 'new-token';
    await c.app.settingsChanged(previous);
    expect(c.app.webhookUrl()).toMatch(/\/webhook\/new-token$/);
    expect(
      (await postWebhook(c.app.webhookUrl(), fixtureText('synthesized/webhook-v2-FileClosed.json')))
        .status,
    ).toBe(204);
    await until(() => c.shown.length === 2);
    expect(c.shown.map((n) => n.event).sort()).toEqual(['FileClosed', 'StreamStarted']);
  });
});

describe('composeApp start-up', () => {
  it('rebuilds the event log after a restart: accepted deliveries from the journal, duplicates from the log file', async () => {
    const first = await compose();
    const started = fixtureText('synthesized/webhook-v2-StreamStarted.json');
    const closed = fixtureText('synthesized/webhook-v2-FileClosed.json');
    for (const body of [started, started, closed]) await postWebhook(first.webhookUrl, body);
    await until(() => first.app.history.history.events({}).total === 3);
    const before = first.app.history.history.events({}).items;
    await first.app.stop();
    const logLines = (await readFile(join(first.dataDir, 'history', 'events.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean);
    expect(logLines.map((line) => JSON.parse(line).duplicate)).toEqual([true]);

    const restarted = await compose(() => {}, { dataDir: first.dataDir, start: false });
    expect(restarted.app.history.history.events({}).items).toEqual(before);
    expect(before.map((e) => [e.seq, e.eventType, e.duplicate])).toEqual([
      [3, 'FileClosed', false],
      [2, 'StreamStarted', true],
      [1, 'StreamStarted', false],
    ]);
  });

  it('compacts a journal far larger than the dedupe window to the ids it still holds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'compose-compact-'));
    const body = JSON.parse(fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    const old = Date.now() - 48 * 3_600_000;
    const lines = Array.from({ length: 25_000 }, (_, i) =>
      JSON.stringify({
        seq: i + 1,
        receivedAt: old + i,
        source: 'webhook',
        body: { ...body, EventId: randomUUID() },
      }),
    );
    await writeFile(join(dataDir, 'journal.jsonl'), `${lines.join('\n')}\n`);
    await compose(() => {}, { dataDir, start: false });
    const kept = (await readFile(join(dataDir, 'journal.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean);
    expect(kept).toHaveLength(10_000);
    expect(JSON.parse(kept[0]!).seq).toBe(15_001);
  });
});
