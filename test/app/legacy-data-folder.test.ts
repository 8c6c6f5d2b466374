import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryNotification } from '../../shared/history';
import { startApp, stopApps } from '../fakes/app-harness';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

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
    // The event log: the six deliveries and the one duplicate.
    const events = (await h.app.handlers['history:events'](ALL)).items;
    expect(events.filter((e) => !e.duplicate)).toHaveLength(6);
    expect(events.filter((e) => e.duplicate)).toHaveLength(1);
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
    const after = (await h.app.handlers['history:events'](ALL)).items;
    expect(after.filter((e) => e.duplicate)).toHaveLength(2);
    expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);

    // The journal, its mark and the history's files are in old-files-<date>/ now.
    const moved = (await readdir(dataDir)).filter((name) => name.startsWith('old-files-'));
    expect(moved).toHaveLength(1);
    expect((await readdir(join(dataDir, moved[0]!))).sort()).toEqual([
      'history',
      'journal.jsonl',
      'processed.json',
    ]);
    expect((await readdir(join(dataDir, moved[0]!, 'history'))).sort()).toEqual([
      'files.jsonl',
      'notifications.jsonl',
    ]);
  });

  it('a start killed after the import committed, before the files moved: nothing imported twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-legacy-again-'));
    await cp(FOLDER, dataDir, { recursive: true });
    const h = await startApp({ dataDir });
    await h.app.stop();
    // As if killed between the commit and the move: the old files are back in place.
    const [moved] = (await readdir(dataDir)).filter((name) => name.startsWith('old-files-'));
    for (const name of ['journal.jsonl', 'processed.json', 'history/files.jsonl'])
      await rename(join(dataDir, moved!, name), join(dataDir, name));
    const again = await startApp({ dataDir });
    expect(again.log.lines.filter((l) => /imported [1-9]/.test(l))).toEqual([]);
    expect(again.shown).toEqual([]);
    const events = (await again.app.handlers['history:events'](ALL)).items;
    expect(events.filter((e) => !e.duplicate)).toHaveLength(6);
    const closed = fixtureText('synthesized/webhook-v2-FileClosed.json');
    expect((await postWebhook(again.webhookUrl, closed)).status).toBe(204);
    expect((await again.app.handlers['history:files'](ALL)).total).toBe(1);
    expect((await again.app.handlers['history:notifications'](ALL)).total).toBe(7);
    // Moved now, into the same folder (it no longer held them).
    expect((await readdir(join(dataDir, moved!))).sort()).toEqual([
      'history',
      'journal.jsonl',
      'processed.json',
    ]);
  });
});
