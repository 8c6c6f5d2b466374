import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { startApp, stopApps } from '../fakes/app-harness';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

afterEach(stopApps);

/** What a second reader of the database sees at one moment: the decisions and the mark. */
function look(db: Database.Database): { decided: number; mark: number | undefined } {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM notifications) AS decided,
              (SELECT value FROM marks WHERE name = 'processed_through') AS mark`,
    )
    .get() as { decided: number; mark: number | undefined };
}

// Issue 41: the processed mark moves in the step's own transaction, not on a timer after it. A
// reader (as the next start after a kill is) sees the decision and the mark move together: never
// a decision committed with the mark still behind its delivery.
describe('the processed mark', () => {
  it('is committed with the rows of the step that moved it', async () => {
    // The go-live is held for a group window of 1 s: its decision comes well after its delivery's
    // commit, so a mark moved by a timer would be seen behind it.
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 1 } } });
    const reader = new Database(join(h.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const before = look(reader);
      expect(before.decided).toBe(0);
      const body = JSON.stringify(v2('StreamStarted', { roomId: 7, name: 'room7' }, 7));
      expect((await postWebhook(h.webhookUrl, body)).status).toBe(204);
      // Read at every turn until the decision is there: the first look that sees it sees the mark.
      let seen = look(reader);
      while (seen.decided === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        seen = look(reader);
      }
      expect(seen.mark).toBeGreaterThan(before.mark ?? 0);
    } finally {
      reader.close();
    }
  });
});
