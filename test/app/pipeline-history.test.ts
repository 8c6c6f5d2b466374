import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { startApp, stopApps } from '../fakes/app-harness';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };

// Issue 41, Build 4: the history keeps what a user reads. A kind switched off (StreamEnded, by
// default) gets no row in the Notifications list; the event log holds its delivery. What was held
// back for a reason a user asks about (here: a muted room) keeps its row.
describe('the Notifications list keeps what a user reads', () => {
  it('no row for a kind switched off; a muted go-live and a shown one keep theirs', async () => {
    const h = await startApp({
      settings: { notifications: { groupWindowSeconds: 0, mutedRooms: [602] } },
    });
    const bodies = [
      v2('StreamStarted', { roomId: 601, name: 'shown' }, 0),
      v2('StreamStarted', { roomId: 602, name: 'muted' }, 1),
      v2(
        'StreamEnded',
        { roomId: 601, name: 'shown' },
        2,
        {},
        { streaming: false, recording: false },
      ),
      // Decided after the end: once its row is in, the end's decision was made before it.
      v2('StreamStarted', { roomId: 603, name: 'after' }, 3),
    ];
    for (const body of bodies)
      expect((await postWebhook(h.webhookUrl, JSON.stringify(body))).status).toBe(204);
    await vi.waitFor(async () =>
      expect((await h.app.handlers['eventLog:page'](ALL)).total).toBe(4),
    );
    await vi.waitFor(() => expect(h.shown.map((n) => n.roomIds)).toEqual([[601], [603]]));
    // Every delivery is in the event log; the switched-off end has no notification row.
    await vi.waitFor(async () => {
      const items = (await h.app.handlers['history:notifications'](ALL)).items;
      expect(items.map((n) => [n.notification.event, n.notification.roomIds, n.decision])).toEqual([
        ['StreamStarted', [603], { shown: true }],
        ['StreamStarted', [602], { shown: false, reason: 'muted' }],
        ['StreamStarted', [601], { shown: true }],
      ]);
    });
    const events = (await h.app.handlers['eventLog:page'](ALL)).items;
    expect(events.map((e) => e.eventType).sort()).toEqual([
      'StreamEnded',
      'StreamStarted',
      'StreamStarted',
      'StreamStarted',
    ]);
  });

  it('a grouped burst is one row naming its rooms; a recovery run that meets its parts again repeats nothing', async () => {
    const settings = { notifications: { groupWindowSeconds: 1 } };
    const h = await startApp({ settings });
    for (const roomId of [701, 702, 703]) {
      const body = v2('StreamStarted', { roomId, name: `burst${roomId}` }, roomId - 700);
      expect((await postWebhook(h.webhookUrl, JSON.stringify(body))).status).toBe(204);
    }
    await vi.waitFor(() => expect(h.shown.map((n) => n.title)).toEqual(['3 rooms are live']), {
      timeout: 5_000, // the group window, then the popup
    });
    const rows = async (app = h.app) =>
      (await app.handlers['history:notifications'](ALL)).items.map((n) => [
        n.notification.title,
        n.notification.items?.map((item) => item.roomId),
        n.decision.shown,
      ]);
    await vi.waitFor(async () =>
      expect(await rows()).toEqual([['3 rooms are live', [701, 702, 703], true]]),
    );
    await h.app.stop();
    // As if a kill lost the processed mark (a mark has no sync of its own): all three run again.
    const db = new Database(join(h.dataDir, DATABASE_FILE));
    db.prepare("UPDATE marks SET value = 0 WHERE name = 'processed_through'").run();
    db.close();
    const again = await startApp({ dataDir: h.dataDir, settings });
    expect(again.log.lines.filter((l) => /recovered from the journal/.test(l))).toEqual([]);
    expect(await rows(again.app)).toEqual([['3 rooms are live', [701, 702, 703], true]]);
    expect(again.shown).toEqual([]);
  });
});
