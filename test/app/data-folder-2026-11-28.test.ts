import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { Settings } from '../../shared/settings';
import { startApp, stopApps } from '../fakes/app-harness';
import { startFakePushServer } from '../fakes/push-services/fake-push-server';
import { jsonService } from '../fakes/push-services/services';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';
import { pushOutcomes } from '../helpers/push-outcomes';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };
/** Written by the build of 2026-11-28 (its README says how). */
const FOLDER = join(import.meta.dirname, '..', 'fixtures', 'data-folders', '2026-11-28');
/** When the fixture's last push was queued: the test's clock runs on from here. */
const WRITTEN_AT = 1795863497064;

/** A copy of the fixture whose pushes go to `url` (the folder's refused: port 9). */
async function folderCopy(url: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'app-2026-11-28-'));
  await cp(FOLDER, dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    db.prepare('UPDATE push_outbox SET url = ?').run(url);
    db.prepare('UPDATE push_keys SET url = ?').run(url);
  } finally {
    db.close();
  }
  return dataDir;
}

/** What the stopped app left: effects still owed, and what remains of the old bookkeeping. */
function outboxAfter(dataDir: string) {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      owed: count('SELECT count(*) FROM outbox'),
      oldTables: db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'push_outbox'")
        .pluck()
        .all(),
      popupOwedColumn: count(
        "SELECT count(*) FROM pragma_table_info('notifications') WHERE name = 'popup_owed'",
      ),
    };
  } finally {
    db.close();
  }
}

describe('a data folder written by the build of 2026-11-28', () => {
  it('comes along whole: files, notifications, the popup owed and the pushes queued, delivered from the one outbox', async () => {
    const server = await startFakePushServer(jsonService());
    try {
      const url = `json://127.0.0.1:${server.port}/hook`;
      const dataDir = await folderCopy(url);
      const { pushTargets } = Settings.parse({ pushTargets: [{ url }] });
      const started = Date.now();
      const h = await startApp({
        dataDir,
        settings: { pushTargets },
        seams: { clock: () => WRITTEN_AT + (Date.now() - started) },
      });

      // The Files list: the one file, as listed.
      const files = (await h.app.handlers['history:files'](ALL)).items;
      expect(files.map((f) => [f.roomId, f.relativePath.endsWith('.flv'), f.key])).toEqual([
        [23058, true, 'j3:FileClosed'],
      ]);
      // The notifications: the seven decisions, with their read states.
      const notifications = (await h.app.handlers['history:notifications'](ALL)).items;
      expect(notifications.map((n) => [n.notification.id, n.read, n.decision.shown])).toEqual([
        ['mx0ar993-3', false, true],
        ['mx0arajp-7', false, true],
        ['mx0ar9bt-6', true, false],
        ['mx0ar9b9-5', true, false],
        ['mx0ar9ax-4', true, false],
        ['mx0ar8zz-1', true, false],
        ['mx0ar98q-2', true, false],
      ]);
      expect(h.app.state().unreadCount).toBe(2);
      // The popup owed is shown once, and only it.
      await vi.waitFor(() => expect(h.shown.map((n) => n.id)).toEqual(['mx0ar993-3']));
      // Both pushes queued go out once each, on their fourth attempt, kept with their notification.
      await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 10_000 });
      expect(server.received.map((r) => r.body.title).sort()).toEqual([
        '4 rooms are live',
        'Recording finished: 3号直播间',
      ]);
      await vi.waitFor(async () =>
        expect(await pushOutcomes(h.app)).toEqual([
          ['mx0ar993-3', 'sent', 4],
          ['mx0arajp-7', 'sent', 4],
        ]),
      );
      // Every EventId seen before is still a duplicate: nothing is decided or listed again.
      const closed = fixtureText('synthesized/webhook-v2-FileClosed.json');
      expect((await postWebhook(h.webhookUrl, closed)).status).toBe(204);
      // The duplicate's row is noted after the answer.
      await vi.waitFor(async () => {
        const events = (await h.app.handlers['eventLog:page'](ALL)).items;
        expect(events.filter((e) => e.duplicate)).toHaveLength(2);
      });
      expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
      expect((await h.app.handlers['history:notifications'](ALL)).total).toBe(7);

      // Both were owed as rows of the one outbox (migration 7) and delivered from it: none is left.
      await h.app.stop();
      expect(outboxAfter(dataDir)).toEqual({ owed: 0, oldTables: [], popupOwedColumn: 0 });
      // A second start owes nothing: no popup, no push.
      const again = await startApp({ dataDir, settings: { pushTargets } });
      expect(again.log.lines.filter((l) => l.includes('left from the last run'))).toEqual([]);
      expect(again.shown).toEqual([]);
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
