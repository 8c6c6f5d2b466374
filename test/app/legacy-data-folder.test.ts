import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryNotification } from '../../shared/history';
import { Settings } from '../../shared/settings';
import { startApp, stopApps } from '../fakes/app-harness';
import { startFakePushServer } from '../fakes/push-services/fake-push-server';
import { jsonService } from '../fakes/push-services/services';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';
import { pushOutcomes } from '../helpers/push-outcomes';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };
/** Written by the build before the database (its README says how). */
const FOLDER = join(import.meta.dirname, '..', 'fixtures', 'data-folder-0.1.0');
/** The lines of one of the fixture's history files, parsed. */
const fixtureLines = (name: string): unknown[] =>
  readFileSync(join(FOLDER, 'history', name), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

describe('a data folder written by the build before the database', () => {
  it('comes along whole: every file, notification and seen EventId; the old files moved aside', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-legacy-'));
    await cp(FOLDER, dataDir, { recursive: true });
    const h = await startApp({ dataDir });

    // Every file and notification of the fixture, whole, with its read state, newest first.
    const files = (await h.app.handlers['history:files'](ALL)).items;
    expect(files).toEqual(fixtureLines('files.jsonl').reverse());
    const notifications = (await h.app.handlers['history:notifications'](ALL)).items;
    const fixtureNotifications = fixtureLines('notifications.jsonl').map(
      (line) => (line as { entry: HistoryNotification }).entry,
    );
    expect(notifications).toEqual(fixtureNotifications.reverse());
    // Seven decisions: the four go-lives in one summary (shown) and each alone (not), the file
    // (shown), the stream's end (off by default).
    expect(notifications.map((n) => n.notification.event).sort()).toEqual([
      'FileClosed',
      'StreamEnded',
      ...Array<string>(5).fill('StreamStarted'),
    ]);
    expect(notifications.map((n) => n.read).filter((read) => !read)).toHaveLength(2);
    expect(h.app.state().unreadCount).toBe(2);
    // The event log: the six deliveries (from the imported journal) and the one duplicate (from
    // history/events.jsonl), in the order they came: the duplicate right after its original.
    const events = (await h.app.handlers['eventLog:page'](ALL)).items.reverse();
    expect(events.map((e) => [e.entryId, e.eventType, e.roomId, e.duplicate])).toEqual([
      [1, 'StreamStarted', 23058, false],
      [2, 'FileOpening', 23058, false],
      [3, 'FileClosed', 23058, false],
      [4, 'FileClosed', 23058, true],
      [5, 'StreamStarted', 1000, false],
      [6, 'StreamStarted', 1001, false],
      [7, 'StreamStarted', 1002, false],
    ]);
    expect(events[3]!.eventId).toBe(events[2]!.eventId);
    expect(events[3]!.receivedAt).toBe(1795801615897);
    expect(events.every((e) => e.userAgent === 'node' && e.source === 'webhook')).toBe(true);
    expect((events[2]!.body as { EventData: { Name: string } }).EventData.Name).toBe('3号直播间');
    // Replay reaches an imported entry's body (kept once, in the deliveries).
    expect(await h.app.handlers['eventLog:replay']({ entryId: 3 })).toEqual({ ok: true });
    // Nothing was owed (the processed mark came along): nothing popped up again.
    expect(h.shown).toEqual([]);

    // Every EventId seen before is still a duplicate; a new one is not.
    const closed = fixtureText('synthesized/webhook-v2-FileClosed.json');
    expect((await postWebhook(h.webhookUrl, closed)).status).toBe(204);
    const fresh = JSON.stringify({
      ...JSON.parse(fixtureText('synthesized/webhook-v2-StreamStarted.json')),
      EventId: '0000000f-1111-4222-8333-444455556666',
      EventData: { RoomId: 1003, Name: 'room3', Title: 't' },
    });
    expect((await postWebhook(h.webhookUrl, fresh)).status).toBe(204);
    const after = (await h.app.handlers['eventLog:page'](ALL)).items;
    expect(after.filter((e) => e.duplicate)).toHaveLength(2);
    expect(after).toHaveLength(10); // the seven, the replay, the duplicate, the new one
    expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);

    // The journal, its mark, the outbox and the history's files are in old-files-<date>/ now.
    const moved = (await readdir(dataDir)).filter((name) => name.startsWith('old-files-'));
    expect(moved).toHaveLength(1);
    expect((await readdir(join(dataDir, moved[0]!))).sort()).toEqual([
      'history',
      'journal.jsonl',
      'processed.json',
      'push-outbox.jsonl',
    ]);
    expect((await readdir(join(dataDir, moved[0]!, 'history'))).sort()).toEqual([
      'events.jsonl',
      'files.jsonl',
      'notifications.jsonl',
    ]);
    expect(h.log.lines.filter((line) => /import: /.test(line))).toEqual([]);
  });

  it('retries the pushes that waited in the old outbox, from where they were, once each', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-legacy-push-'));
    await cp(FOLDER, dataDir, { recursive: true });
    const server = await startFakePushServer(jsonService());
    try {
      // The folder's target refused (port 9); here it is a receiver on loopback that takes them.
      const url = `json://127.0.0.1:${server.port}/hook`;
      const outbox = join(dataDir, 'push-outbox.jsonl');
      const old = await readFile(outbox, 'utf8');
      await writeFile(outbox, old.replaceAll('json://127.0.0.1:9/hook', url));
      const { pushTargets } = Settings.parse({ pushTargets: [{ url }] });
      const h = await startApp({ dataDir, settings: { pushTargets } });
      await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 10_000 });
      expect(server.received.map((r) => r.body.title).sort()).toEqual([
        '4 rooms are live',
        'Recording finished: 3号直播间',
      ]);
      // Each was tried twice before the import: this is its third attempt, kept with its notification.
      await vi.waitFor(async () =>
        expect(await pushOutcomes(h.app)).toEqual([
          ['mwz9wyzc-3', 'sent', 3],
          ['mwz9x0h4-7', 'sent', 3],
        ]),
      );
      await h.app.stop();
      // Nothing owed is left, and a second start pushes nothing.
      const again = await startApp({ dataDir });
      expect(again.log.lines.filter((l) => l.includes('left from the last run'))).toEqual([]);
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('a start killed after the import committed, before the files moved: nothing imported twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-legacy-again-'));
    await cp(FOLDER, dataDir, { recursive: true });
    const h = await startApp({ dataDir });
    await h.app.stop();
    // As if killed between the commit and the move: the old files are back in place.
    const [moved] = (await readdir(dataDir)).filter((name) => name.startsWith('old-files-'));
    for (const name of [
      'journal.jsonl',
      'processed.json',
      'push-outbox.jsonl',
      'history/events.jsonl',
      'history/files.jsonl',
      'history/notifications.jsonl',
    ])
      await rename(join(dataDir, moved!, name), join(dataDir, name));
    const again = await startApp({ dataDir });
    expect(again.log.lines.filter((l) => /imported [1-9]/.test(l))).toEqual([]);
    expect(again.shown).toEqual([]);
    const events = (await again.app.handlers['eventLog:page'](ALL)).items;
    expect(events.filter((e) => !e.duplicate)).toHaveLength(6);
    expect(events.filter((e) => e.duplicate)).toHaveLength(1);
    const closed = fixtureText('synthesized/webhook-v2-FileClosed.json');
    expect((await postWebhook(again.webhookUrl, closed)).status).toBe(204);
    expect((await again.app.handlers['history:files'](ALL)).total).toBe(1);
    expect((await again.app.handlers['history:notifications'](ALL)).total).toBe(7);
    // Moved now, into the same folder (it no longer held them).
    expect((await readdir(join(dataDir, moved!))).sort()).toEqual([
      'history',
      'journal.jsonl',
      'processed.json',
      'push-outbox.jsonl',
    ]);
    expect((await readdir(join(dataDir, moved!, 'history'))).sort()).toEqual([
      'events.jsonl',
      'files.jsonl',
      'notifications.jsonl',
    ]);
  });
});
