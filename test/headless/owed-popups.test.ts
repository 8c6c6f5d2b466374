import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running.splice(0)));

/** Headless mode on `dataDir`, every happening its own popup (no summaries of bursts). */
function launch(dataDir: string): HeadlessProcess {
  const config = join(dataDir, 'config.json');
  writeFileSync(config, JSON.stringify({ notifications: { groupWindowSeconds: 0 } }));
  const p = startHeadless([
    '--port',
    '0',
    '--no-desktop',
    '--lang',
    'en',
    '--recorder-url',
    '',
    '--data-dir',
    dataDir,
    '--config',
    config,
  ]);
  running.push(p);
  return p;
}

/** Runs SQL on the database between two runs (no process holds it). */
function withDatabase<T>(dataDir: string, run: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

// Issue 41: a popup is a row of the outbox, committed with its decision before it is shown and
// deleted after. A SIGKILL between the two leaves the row owed; the next start shows it again (a rare repeat,
// never a loss), or, decided longer ago than the recovered-fresh bound, records it as missed
// and counts it in the summary. Where exactly a kill lands is left to chance in the chaos test;
// here the process is killed after both, and the row set back to owed: the state that gap leaves.
describe('headless mode: popups owed at a kill', () => {
  it('a popup committed as owed is shown at the next start; one too old is summed up as missed', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-owed-'));
    const first = launch(dataDir);
    const ready = await first.waitFor((l) => l.type === 'ready');
    for (const roomId of [501, 502]) {
      const body = JSON.stringify(v2('StreamStarted', { roomId, name: `room${roomId}` }, roomId));
      expect((await postWebhook(ready.webhookUrl, body)).status).toBe(204);
    }
    await first.waitFor((l) => l.type === 'notification' && String(l.title).includes('room502'));
    await first.waitFor((l) => l.type === 'notification' && String(l.title).includes('room501'));
    first.child.kill('SIGKILL');
    await first.exited;

    const rows = withDatabase(dataDir, (db) => {
      // What a kill between the decision's commit and the popup's done mark leaves: both popups
      // owed. Room 502's was decided long ago (past the recovered-fresh bound of 10 minutes).
      db.prepare('DELETE FROM outbox').run(); // a mark the kill cut off may have left one already
      db.prepare(
        `INSERT INTO outbox (kind, notification_id, notification_row, key, created_at)
         SELECT 'popup', id, row, key, created_at FROM notifications`,
      ).run();
      db.prepare(
        "UPDATE outbox SET created_at = ? WHERE notification_id IN (SELECT id FROM notifications WHERE notification LIKE '%room502%')",
      ).run(Date.now() - 3_600_000);
      const row = db
        .prepare("SELECT row, notification FROM notifications WHERE notification LIKE '%room502%'")
        .get() as { row: number; notification: string };
      const old = { ...JSON.parse(row.notification), createdAt: Date.now() - 3_600_000 };
      db.prepare('UPDATE notifications SET notification = ? WHERE row = ?').run(
        JSON.stringify(old),
        row.row,
      );
      return db.prepare('SELECT count(*) FROM notifications').pluck().get() as number;
    });
    expect(rows).toBe(2);

    const second = launch(dataDir);
    await second.waitFor((l) => l.type === 'ready');
    const shownAgain = await second.waitFor((l) => l.type === 'notification');
    expect(shownAgain.title).toMatch(/room501/);
    const summary = await second.waitFor(
      (l) => l.type === 'notification' && Array.isArray(l.items),
    );
    expect(summary.items).toEqual([expect.objectContaining({ roomId: 502 })]);
    expect(
      second.lines.filter((l) => l.type === 'notification' && /room502/.test(String(l.title))),
    ).toEqual([]);
    expect(await second.stop()).toBe(0);

    const after = withDatabase(dataDir, (db) => ({
      owed: db.prepare("SELECT count(*) FROM outbox WHERE kind = 'popup'").pluck().get(),
      missed: db
        .prepare("SELECT count(*) FROM notifications WHERE decision LIKE '%missed%'")
        .pluck()
        .get(),
    }));
    expect(after).toEqual({ owed: 0, missed: 1 });
  });
});
