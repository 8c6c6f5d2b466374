// The checkpoint worker (wal-file.ts starts it): its own connection (FULL) checkpoints the WAL off
// the main thread. Only Node and better-sqlite3: bundled alone by tools/build/worker-bundle.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the worker is started with (wal-file.ts). */
export interface CheckpointWorkerData {
  path: string;
  nativeBinding: string | undefined;
  busyTimeoutMs: number;
  /** The WAL is cut back to this size when it starts over (SQLite's journal_size_limit). */
  walLimitBytes: number;
}

/** The answer to a 'checkpoint' message: what it did, or what went wrong. */
export type CheckpointReply = { restarted: boolean; log: number; ms: number } | { error: string };

const data = workerData as CheckpointWorkerData;
const port = parentPort!;
const db = new Database(data.path, {
  timeout: data.busyTimeoutMs,
  nativeBinding: data.nativeBinding,
});
// FULL: the WAL is synced before it is copied, and the database file before the WAL is marked as
// copied (sqlite3.c, walCheckpoint): the WAL starts over only once the file holds it on the disk.
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
db.pragma(`journal_size_limit = ${data.walLimitBytes}`);

port.on('message', (request: 'checkpoint' | 'close') => {
  if (request === 'close') return void (db.close(), port.close());
  const started = performance.now();
  let reply: CheckpointReply;
  try {
    // RESTART, not TRUNCATE: the next commits write over the WAL in place, which costs the disk's
    // sync less than a file that grows again (bench/webhook.ts). It holds the writer lock.
    const [row] = db.pragma('wal_checkpoint(RESTART)') as { busy: number; log: number }[];
    const restarted = row?.busy === 0;
    // The next write starts the WAL over with a new header, which must be synced before frames
    // overwrite the old ones (https://sqlite.org/src/info/ff5be73dee): written here, with FULL,
    // so that the app's commits append after it. application_id, unchanged, is one page.
    if (restarted)
      db.pragma(`application_id = ${Number(db.pragma('application_id', { simple: true }))}`);
    reply = { restarted, log: row?.log ?? -1, ms: performance.now() - started };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
