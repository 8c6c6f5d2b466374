import Database from 'better-sqlite3';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { startBodyServer, type BaselineReceiver } from './body-server';

/**
 * The least a receiver can do that keeps its deliveries in SQLite with issue 32's dedupe: the
 * bare durable receiver (durable-receiver.ts) with its file replaced by one table, the EventId
 * unique, in WAL mode. Each body is one INSERT … ON CONFLICT DO NOTHING; the bodies of one
 * event-loop turn share one transaction, committed with `synchronous = FULL` (SQLite syncs the
 * WAL), SQLite checkpointing on its own. No event log, no history, no pipeline: what is left of
 * the app's CPU per webhook above this is the app's own work, not the database's floor.
 */
export async function startSqliteReceiver(dir: string): Promise<BaselineReceiver> {
  const db = new Database(join(dir, 'sqlite-receiver.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS deliveries (
    seq INTEGER PRIMARY KEY, event_id TEXT NOT NULL UNIQUE, body BLOB NOT NULL)`);
  const insert = db.prepare(
    'INSERT INTO deliveries (event_id, body) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING',
  );
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  let waiting: { id: string; body: Buffer; res: ServerResponse }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    let ok = true;
    try {
      begin.run();
      for (const { id, body } of batch) insert.run(id, body);
      commit.run();
    } catch {
      ok = false;
      if (db.inTransaction) db.exec('ROLLBACK');
    }
    for (const { res } of batch) {
      res.statusCode = ok ? 204 : 500;
      res.end();
    }
  };
  return startBodyServer(
    (body, res) => {
      let id: unknown;
      try {
        const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        id = parsed.EventId ?? parsed.EventRandomId;
      } catch {
        // answered below
      }
      if (typeof id !== 'string') {
        res.statusCode = 400;
        res.end();
        return;
      }
      waiting.push({ id, body, res });
      if (waiting.length === 1) setImmediate(flush);
    },
    () => db.close(),
  );
}
